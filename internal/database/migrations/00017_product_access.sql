-- +goose Up
-- Who may use what (owned by internal/productaccess). Four levels, each a
-- subset of the one above, held by the schema:
--   platform: a product platform staff disallowed is usable by nobody;
--   partner:  the products and service resources a partner lets its
--             companies offer;
--   company:  what a company offers, a subset of its partner's selection
--             (composite foreign key; removing a product from the partner
--             removes it from the partner's companies);
--   group:    the products a user group may use, a subset of what its
--             company offers (removing a product from the company removes
--             its grants).
-- A user's default product (set by the app) must be offered by the user's
-- company: removing it from the company is refused while some user has it
-- as default (SPEC §8, "product default must be removed for all employees
-- first"; the service says so before the key does).
-- Products are named by id (internal/product), service resources by their
-- ospId (internal/resource's read models are keyed by ospId); neither is
-- ever deleted (deactivated, or archived).

CREATE TABLE product_platform_disallowed (
    product_id     BIGINT PRIMARY KEY REFERENCES products(id),
    disallowed_by  BIGINT REFERENCES users(id),
    disallowed_at  TIMESTAMP NOT NULL
);

CREATE TABLE partner_products (
    partner_id  BIGINT NOT NULL REFERENCES partners(id),
    product_id  BIGINT NOT NULL REFERENCES products(id),
    PRIMARY KEY (partner_id, product_id)
);
CREATE INDEX partner_products_product ON partner_products(product_id);

CREATE TABLE partner_service_resources (
    partner_id       BIGINT NOT NULL REFERENCES partners(id),
    resource_osp_id  TEXT NOT NULL REFERENCES resources(osp_id),
    PRIMARY KEY (partner_id, resource_osp_id)
);

-- partner_id is the company's partner (kept by the service when a company
-- moves to another partner), so the company's selection stays inside it.
CREATE TABLE company_products (
    corporate_account_id  BIGINT NOT NULL REFERENCES corporate_accounts(id),
    partner_id            BIGINT NOT NULL REFERENCES partners(id),
    product_id            BIGINT NOT NULL,
    PRIMARY KEY (corporate_account_id, product_id),
    FOREIGN KEY (partner_id, product_id) REFERENCES partner_products(partner_id, product_id) ON DELETE CASCADE
);
CREATE INDEX company_products_partner ON company_products(partner_id, product_id);
CREATE INDEX company_products_product ON company_products(product_id);

CREATE TABLE company_service_resources (
    corporate_account_id  BIGINT NOT NULL REFERENCES corporate_accounts(id),
    partner_id            BIGINT NOT NULL REFERENCES partners(id),
    resource_osp_id       TEXT NOT NULL,
    PRIMARY KEY (corporate_account_id, resource_osp_id),
    FOREIGN KEY (partner_id, resource_osp_id) REFERENCES partner_service_resources(partner_id, resource_osp_id) ON DELETE CASCADE
);
CREATE INDEX company_service_resources_partner ON company_service_resources(partner_id, resource_osp_id);

-- corporate_account_id is the group's company (groups never move).
-- Deleting a group deletes its grants.
CREATE TABLE user_group_products (
    user_group_id         BIGINT NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
    corporate_account_id  BIGINT NOT NULL,
    product_id            BIGINT NOT NULL,
    granted_at            TIMESTAMP NOT NULL,
    PRIMARY KEY (user_group_id, product_id),
    FOREIGN KEY (corporate_account_id, product_id) REFERENCES company_products(corporate_account_id, product_id) ON DELETE CASCADE
);
CREATE INDEX user_group_products_company ON user_group_products(corporate_account_id, product_id);

-- corporate_account_id is the user's company (users never move); no
-- cascade: the key refuses removing a product some user has as default.
CREATE TABLE user_default_products (
    user_id               BIGINT PRIMARY KEY REFERENCES users(id),
    corporate_account_id  BIGINT NOT NULL,
    product_id            BIGINT NOT NULL,
    set_at                TIMESTAMP NOT NULL,
    FOREIGN KEY (corporate_account_id, product_id) REFERENCES company_products(corporate_account_id, product_id)
);
CREATE INDEX user_default_products_product ON user_default_products(product_id, corporate_account_id);
CREATE INDEX user_default_products_company ON user_default_products(corporate_account_id, product_id);

-- +goose Down
DROP TABLE user_default_products;
DROP TABLE user_group_products;
DROP TABLE company_service_resources;
DROP TABLE company_products;
DROP TABLE partner_service_resources;
DROP TABLE partner_products;
DROP TABLE product_platform_disallowed;
