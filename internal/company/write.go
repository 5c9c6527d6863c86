package company

import (
	"context"
	"crypto/rand"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
	"mobility/portal/internal/validate"
)

// Error labels of corporate accounts.
var (
	// LabelFieldNotChangeable: the caller may not change this field of the
	// account (a company admin its partner, payment type, contract, ...).
	LabelFieldNotChangeable = apperr.Define("FIELD_NOT_CHANGEABLE")
	// LabelMaxUsersReached: the company has as many active app users as its
	// maxUsers allows; user create and import refuse one more.
	LabelMaxUsersReached = apperr.Define("MAX_USERS_REACHED")
)

// MaxUsersReached is the error user create and import answer when a
// company already has max active app users, in the caller's language.
func MaxUsersReached(ctx context.Context, max int) *apperr.Error {
	return apperr.Conflict(LabelMaxUsersReached, i18n.T(i18n.FromContext(ctx), "company.maxUsersReached", max))
}

// companyAdminFields are the fields a company admin (user_manager of the
// company) may change; MSP admins change all but partnerOspId, platform
// staff everything.
var companyAdminFields = []string{"street", "streetNumber", "zipCode", "city", "country", "poNumber", "iban", "bic",
	"invoiceSendingMethod", "companyBudgetThreshold", "externalReferenceMandatory", "twoFactorForAdmins", "selectedBudgetTypes"}

var countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)

// choice is a list a request may carry: given tells it was sent.
type choice struct {
	given  bool
	values []string
}

// check validates and normalises an account's fields in place (r holds
// the values to store), the budget types it offers against what its
// partner allows, and its app menu.
func (s *Service) check(ctx context.Context, v *validate.Checker, r *row, selected, menu *choice) error {
	r.Name = strings.TrimSpace(r.Name)
	if v.Required("name", r.Name) {
		v.MaxLength("name", r.Name, 200)
	}
	ext := ""
	if r.ExtID != nil {
		ext = strings.TrimSpace(*r.ExtID)
	}
	r.ExtID = nil
	if ext != "" {
		r.ExtID = &ext
	}
	// required at create; an older account without one may stay so
	if (r.ID == 0 && v.Required("extId", ext)) || ext != "" {
		v.ExtID("extId", ext)
		v.MaxLength("extId", ext, 100)
		if !v.Has("extId") {
			taken, err := s.store.extIDTaken(ctx, ext, r.ID)
			if err != nil {
				return apperr.Internal(err)
			}
			if taken {
				v.Fail("extId", "rule.unique")
			}
		}
	}
	if r.CompanyType == "" {
		r.CompanyType = CompanyTypes[0]
	}
	v.OneOf("companyType", r.CompanyType, CompanyTypes)
	r.Street, r.StreetNumber = strings.TrimSpace(r.Street), strings.TrimSpace(r.StreetNumber)
	r.ZipCode, r.City = strings.TrimSpace(r.ZipCode), strings.TrimSpace(r.City)
	r.Country = strings.ToUpper(strings.TrimSpace(r.Country))
	if r.Country == "" {
		r.Country = DefaultCountry
	}
	if !countryPattern.MatchString(r.Country) {
		v.Fail("country", "rule.invalid")
	}
	r.CompanyNumber = v.CompanyNumber("companyNumber", r.CompanyNumber, r.Country)
	r.VatNumber = v.VATNumber("vatNumber", r.VatNumber)
	r.Iban = v.IBAN("iban", r.Iban)
	r.Bic = v.BIC("bic", r.Bic)
	r.PoNumber = strings.TrimSpace(r.PoNumber)
	v.MaxLength("poNumber", r.PoNumber, 100)
	if r.MaxUsers != nil && *r.MaxUsers < 1 {
		v.Fail("maxUsers", "rule.invalid")
	}
	v.OneOf("contractType", r.ContractType, ContractTypes)
	if r.InvoiceSendingMethod == "" {
		r.InvoiceSendingMethod = InvoiceByEmail
	}
	v.OneOf("invoiceSendingMethod", r.InvoiceSendingMethod, InvoiceSendingMethods)
	if r.InvoiceSendingMethod == InvoiceByPeppol && r.VatNumber == "" {
		v.Fail("vatNumber", "company.rule.peppolNeedsVat")
	}
	if r.InvoicePaymentMethod == "" {
		r.InvoicePaymentMethod = InvoicePaymentManual
	}
	v.OneOf("invoicePaymentMethod", r.InvoicePaymentMethod, InvoicePaymentMethods)
	if r.InvoicePaymentMethod == InvoicePaymentDirectDebit {
		if r.Iban == "" {
			v.Fail("iban", "company.rule.directDebitNeedsBank")
		}
		if r.Bic == "" {
			v.Fail("bic", "company.rule.directDebitNeedsBank")
		}
	}
	if v.Required("paymentType", r.PaymentType) {
		v.OneOf("paymentType", r.PaymentType, PaymentTypes)
	}
	switch r.PaymentType {
	case PaymentPostpaidSecurityDeposit:
		if d := r.SecurityDepositAmount; d == nil || *d <= 0 {
			v.Fail("securityDepositAmount", "company.rule.depositRequired")
		} else {
			v.AmountInBounds("securityDepositAmount", *d)
		}
	default:
		r.SecurityDepositAmount = nil
	}
	if t := r.CompanyBudgetThreshold; t != nil {
		if v.AmountInBounds("companyBudgetThreshold", *t) && *t < 0 {
			v.Fail("companyBudgetThreshold", "rule.invalid")
		}
	}
	if selected != nil && selected.given {
		allowed, err := s.allowedTypes(ctx, []int64{r.PartnerID})
		if err != nil {
			return err
		}
		ok := allowed[r.PartnerID]
		if len(selected.values) == 0 {
			v.Fail("selectedBudgetTypes", "rule.required")
		}
		for _, t := range selected.values {
			if !slices.Contains(ok, t) {
				v.Fail("selectedBudgetTypes", "company.rule.typeNotAllowed", strings.Join(ok, ", "))
			}
		}
		selected.values = ordered(selected.values, UserBudgetTypes)
	}
	if menu != nil && menu.given {
		for _, m := range menu.values {
			v.OneOf("appMenu", m, AppMenuTypes)
		}
		menu.values = ordered(menu.values, AppMenuTypes)
	}
	return nil
}

// checkFirstAdmin checks the first admin's fields before anything is
// written; user's create checks them again (and the login) in the
// transaction.
func checkFirstAdmin(v *validate.Checker, a *FirstAdmin) {
	a.Firstname, a.Lastname, a.Email = strings.TrimSpace(a.Firstname), strings.TrimSpace(a.Lastname), strings.TrimSpace(a.Email)
	v.Required("firstAdmin.firstname", a.Firstname)
	v.Required("firstAdmin.lastname", a.Lastname)
	if v.Required("firstAdmin.email", a.Email) {
		v.Email("firstAdmin.email", a.Email)
	}
	if a.Language == "" {
		a.Language = string(i18n.Default)
	}
	v.Language("firstAdmin.language", a.Language)
}

// newPaymentReference draws a structured reference no account uses yet.
func (s *Service) newPaymentReference(ctx context.Context) (string, error) {
	for range 20 {
		n, err := rand.Int(rand.Reader, big.NewInt(9_999_999_999))
		if err != nil {
			return "", err
		}
		ref := money.StructuredReference(n.Int64() + 1)
		taken, err := s.store.paymentReferenceTaken(ctx, ref)
		if err != nil {
			return "", err
		}
		if !taken {
			return ref, nil
		}
	}
	return "", wiringError("company: no free payment reference in 20 draws")
}

func rowFromCreate(req CreateRequest) *row {
	ext := req.ExtID
	return &row{Name: req.Name, ExtID: &ext, CompanyType: req.CompanyType, PaymentType: req.PaymentType,
		TwoFactorForAdmins: req.TwoFactorForAdmins, Street: req.Street, StreetNumber: req.StreetNumber,
		ZipCode: req.ZipCode, City: req.City, Country: req.Country, CompanyNumber: req.CompanyNumber,
		VatNumber: req.VatNumber, VatLiable: req.VatLiable, Iban: req.Iban, Bic: req.Bic, PoNumber: req.PoNumber,
		MaxUsers: req.MaxUsers, ExternalReferenceMandatory: req.ExternalReferenceMandatory, ContractType: req.ContractType,
		InvoiceSendingMethod: req.InvoiceSendingMethod, InvoicePaymentMethod: req.InvoicePaymentMethod,
		SecurityDepositAmount: req.SecurityDepositAmount, CompanyBudgetThreshold: req.CompanyBudgetThreshold, Active: true}
}

// Create creates a corporate account with its budget types, app menu and
// first admin (who gets the welcome mail to choose a password), all in one
// transaction, after checking everything. An MSP admin creates for their
// own partner (another partner's id is NOT_FOUND; none: their own);
// platform staff must name the partner.
func (s *Service) Create(ctx context.Context, p *access.Principal, req CreateRequest) (*CorporateAccount, error) {
	if p.Scope.CorporateAccountID != 0 || (!p.Scope.All && p.Scope.PartnerID == 0) {
		return nil, apperr.Forbidden("only partner admins and platform staff create corporate accounts")
	}
	v := validate.New(ctx)
	if p.Scope.All {
		v.Required("partnerOspId", req.PartnerOspID)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var partnerID int64
	if req.PartnerOspID != "" {
		pt, err := s.partners.Resolve(ctx, p.Scope, req.PartnerOspID)
		if err != nil {
			return nil, err
		}
		partnerID = pt.ID
	} else {
		partnerID = p.Scope.PartnerID
	}
	r := rowFromCreate(req)
	r.PartnerID = partnerID
	selected := &choice{given: req.SelectedBudgetTypes != nil, values: req.SelectedBudgetTypes}
	menu := &choice{given: true, values: req.AppMenu}
	if req.AppMenu == nil {
		menu.values = AppMenuTypes
	}
	if err := s.check(ctx, v, r, selected, menu); err != nil {
		return nil, err
	}
	admin := req.FirstAdmin
	checkFirstAdmin(v, &admin)
	if err := v.Err(); err != nil {
		return nil, err
	}
	products := ProductChoice{Products: req.SelectedProducts, ServiceResources: req.SelectedServiceResources}
	if err := s.checkProducts(ctx, 0, partnerID, products); err != nil {
		return nil, err
	}
	if !selected.given {
		allowed, err := s.allowedTypes(ctx, []int64{partnerID})
		if err != nil {
			return nil, err
		}
		selected.values = allowed[partnerID]
	}
	if s.w.FirstAdmins == nil {
		return nil, apperr.Internal(errNotWired)
	}
	r.OspID = uuid.NewString()
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.insert(ctx, r, menu.values, selected.values, products, s.w.Clock.Now()); err != nil {
			return err
		}
		_, err := s.w.FirstAdmins.CreateFirstAdmin(ctx, p, r.OspID, admin)
		return firstAdminFields(err)
	})
	if database.IsUniqueViolation(err) {
		v := validate.New(ctx)
		v.Fail("extId", "rule.unique")
		return nil, v.Err()
	}
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.Get(ctx, p, r.OspID)
}

type wiringError string

func (e wiringError) Error() string { return string(e) }

const errNotWired = wiringError("company: FirstAdmins not wired")

// checkProducts checks a product choice (nothing to check without the
// product access, but nothing may be chosen then either).
func (s *Service) checkProducts(ctx context.Context, companyID, partnerID int64, c ProductChoice) error {
	if s.w.Products != nil {
		return s.w.Products.CheckCompanyChoice(ctx, companyID, partnerID, c)
	}
	if len(c.Products) > 0 || len(c.ServiceResources) > 0 {
		return apperr.Internal(errNoProducts)
	}
	return nil
}

const errNoProducts = wiringError("company: Products not wired")

// insert writes a checked account with its payment reference, app menu,
// offered budget types and products (in the caller's transaction, or its
// own).
func (s *Service) insert(ctx context.Context, r *row, menu, selected []string, products ProductChoice, now time.Time) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		ref, err := s.newPaymentReference(ctx)
		if err != nil {
			return err
		}
		r.PaymentReference = &ref
		if r.ID, err = s.store.insert(ctx, r, database.Now(now)); err != nil {
			return err
		}
		if err := s.store.replaceAppMenu(ctx, r.ID, menu); err != nil {
			return err
		}
		if s.w.BudgetTypes != nil && selected != nil {
			if err := s.w.BudgetTypes.SetOfferedTypes(ctx, r.ID, selected); err != nil {
				return err
			}
		}
		if s.w.Products != nil {
			return s.w.Products.SetCompanyChoice(ctx, r.ID, r.PartnerID, products, true)
		}
		return nil
	})
}

// firstAdminFields names the first admin's fields as the create request
// does (firstAdmin.email; user's "login" is the e-mail address).
func firstAdminFields(err error) error {
	e := apperr.As(err)
	if e == nil || len(e.Fields) == 0 {
		return err
	}
	c := *e
	c.Fields = make([]apperr.FieldError, len(e.Fields))
	for i, f := range e.Fields {
		if f.Field == "login" {
			f.Field = "email"
		}
		f.Field = "firstAdmin." + f.Field
		c.Fields[i] = f
	}
	return &c
}

// SeedAccount creates an account for the demo seed (no caller, no first
// admin), checked like Create; ospID may be fixed. It returns its id.
func (s *Service) SeedAccount(ctx context.Context, partnerID int64, ospID string, req CreateRequest, now time.Time) (int64, error) {
	r := rowFromCreate(req)
	r.PartnerID, r.OspID = partnerID, ospID
	menu := &choice{given: true, values: req.AppMenu}
	if req.AppMenu == nil {
		menu.values = AppMenuTypes
	}
	selected := &choice{given: req.SelectedBudgetTypes != nil, values: req.SelectedBudgetTypes}
	v := validate.New(i18n.WithLang(ctx, i18n.EN))
	if err := s.check(ctx, v, r, selected, menu); err != nil {
		return 0, err
	}
	if err := v.Err(); err != nil {
		return 0, err
	}
	if !selected.given {
		allowed, err := s.allowedTypes(ctx, []int64{partnerID})
		if err != nil {
			return 0, err
		}
		selected.values = allowed[partnerID]
	}
	products := ProductChoice{Products: req.SelectedProducts, ServiceResources: req.SelectedServiceResources}
	if err := s.checkProducts(ctx, 0, partnerID, products); err != nil {
		return 0, err
	}
	err := s.insert(ctx, r, menu.values, selected.values, products, now)
	return r.ID, err
}

// Update changes an account. Absent fields keep their value. Platform staff
// change every field, an MSP admin of the partner all but the partner, a
// company admin only companyAdminFields: another field that differs from
// the stored value is 403 FIELD_NOT_CHANGEABLE naming it.
func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*CorporateAccount, error) {
	v := validate.New(ctx)
	v.Required("ospId", req.OspID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	old, err := s.store.get(ctx, p.Scope, req.OspID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("corporate account")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.decorate(ctx, old); err != nil {
		return nil, err
	}
	products := ProductChoice{Products: req.SelectedProducts, ServiceResources: req.SelectedServiceResources}
	if products.given() {
		if err := s.withCatalogue(ctx, old); err != nil {
			return nil, err
		}
	}
	r := *old
	apply(&r, req)
	selected := &choice{given: req.SelectedBudgetTypes != nil, values: req.SelectedBudgetTypes}
	menu := &choice{given: req.AppMenu != nil, values: req.AppMenu}
	changed := changes(old, &r, req, selected, menu)
	changed = append(changed, productChanges(old.Catalogue, products)...)
	if err := notChangeable(ctx, p, changed); err != nil {
		return nil, err
	}
	if slices.Contains(changed, "partnerOspId") {
		pt, err := s.partners.Resolve(ctx, p.Scope, *req.PartnerOspID)
		if err != nil {
			return nil, err
		}
		r.PartnerID, r.PartnerOspID = pt.ID, pt.OspID
		if !selected.given {
			selected.given, selected.values = true, old.Selected
		}
	}
	if err := s.check(ctx, v, &r, selected, menu); err != nil {
		return nil, err
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	moved := r.PartnerID != old.PartnerID
	if products.given() || moved {
		if err := s.checkProducts(ctx, r.ID, r.PartnerID, products); err != nil {
			return nil, err
		}
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.update(ctx, &r); err != nil {
			return err
		}
		if s.w.Products != nil && (products.given() || moved) {
			if err := s.w.Products.SetCompanyChoice(ctx, r.ID, r.PartnerID, products, false); err != nil {
				return err
			}
		}
		if menu.given {
			if err := s.store.replaceAppMenu(ctx, r.ID, menu.values); err != nil {
				return err
			}
		}
		if selected.given && s.w.BudgetTypes != nil {
			return s.w.BudgetTypes.SetOfferedTypes(ctx, r.ID, selected.values)
		}
		return nil
	})
	if database.IsUniqueViolation(err) {
		v := validate.New(ctx)
		v.Fail("extId", "rule.unique")
		return nil, v.Err()
	}
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.Get(ctx, p, r.OspID)
}

// apply copies the fields an update sends onto r.
func apply(r *row, req UpdateRequest) {
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = *src
		}
	}
	set(&r.Name, req.Name)
	if req.ExtID != nil {
		ext := *req.ExtID
		r.ExtID = &ext
	}
	set(&r.CompanyType, req.CompanyType)
	set(&r.Street, req.Street)
	set(&r.StreetNumber, req.StreetNumber)
	set(&r.ZipCode, req.ZipCode)
	set(&r.City, req.City)
	set(&r.Country, req.Country)
	set(&r.CompanyNumber, req.CompanyNumber)
	set(&r.VatNumber, req.VatNumber)
	set(&r.Iban, req.Iban)
	set(&r.Bic, req.Bic)
	set(&r.PoNumber, req.PoNumber)
	set(&r.ContractType, req.ContractType)
	set(&r.InvoiceSendingMethod, req.InvoiceSendingMethod)
	set(&r.InvoicePaymentMethod, req.InvoicePaymentMethod)
	set(&r.PaymentType, req.PaymentType)
	if req.VatLiable != nil {
		r.VatLiable = *req.VatLiable
	}
	if req.TwoFactorForAdmins != nil {
		r.TwoFactorForAdmins = *req.TwoFactorForAdmins
	}
	if req.ExternalReferenceMandatory != nil {
		r.ExternalReferenceMandatory = *req.ExternalReferenceMandatory
	}
	if req.MaxUsers != nil {
		if *req.MaxUsers == 0 {
			r.MaxUsers = nil
		} else {
			n := *req.MaxUsers
			r.MaxUsers = &n
		}
	}
	if req.SecurityDepositAmount != nil {
		d := *req.SecurityDepositAmount
		r.SecurityDepositAmount = &d
	}
	if req.CompanyBudgetThreshold != nil {
		t := *req.CompanyBudgetThreshold
		r.CompanyBudgetThreshold = &t
	}
}

// changes lists the API names of the fields whose value an update changes
// (compared as stored: numbers normalised, text trimmed).
func changes(old, r *row, req UpdateRequest, selected, menu *choice) []string {
	var out []string
	text := func(field, a, b string) {
		if strings.TrimSpace(a) != strings.TrimSpace(b) {
			out = append(out, field)
		}
	}
	norm := func(field, a, b string, f func(string) (string, bool)) {
		na, _ := f(a)
		nb, _ := f(b)
		if strings.TrimSpace(a) != strings.TrimSpace(b) && na != nb {
			out = append(out, field)
		}
	}
	if req.PartnerOspID != nil && *req.PartnerOspID != old.PartnerOspID {
		out = append(out, "partnerOspId")
	}
	text("name", old.Name, r.Name)
	text("extId", deref(old.ExtID), deref(r.ExtID))
	text("companyType", old.CompanyType, r.CompanyType)
	text("street", old.Street, r.Street)
	text("streetNumber", old.StreetNumber, r.StreetNumber)
	text("zipCode", old.ZipCode, r.ZipCode)
	text("city", old.City, r.City)
	if !strings.EqualFold(strings.TrimSpace(old.Country), strings.TrimSpace(r.Country)) {
		out = append(out, "country")
	}
	norm("companyNumber", old.CompanyNumber, r.CompanyNumber, validate.NormalizeBelgianCompanyNumber)
	norm("vatNumber", old.VatNumber, r.VatNumber, validate.NormalizeVATNumber)
	if old.VatLiable != r.VatLiable {
		out = append(out, "vatLiable")
	}
	norm("iban", old.Iban, r.Iban, validate.NormalizeIBAN)
	norm("bic", old.Bic, r.Bic, validate.NormalizeBIC)
	text("poNumber", old.PoNumber, r.PoNumber)
	if !equalPtr(old.MaxUsers, r.MaxUsers) {
		out = append(out, "maxUsers")
	}
	if old.TwoFactorForAdmins != r.TwoFactorForAdmins {
		out = append(out, "twoFactorForAdmins")
	}
	if old.ExternalReferenceMandatory != r.ExternalReferenceMandatory {
		out = append(out, "externalReferenceMandatory")
	}
	text("contractType", old.ContractType, r.ContractType)
	text("invoiceSendingMethod", old.InvoiceSendingMethod, r.InvoiceSendingMethod)
	text("invoicePaymentMethod", old.InvoicePaymentMethod, r.InvoicePaymentMethod)
	text("paymentType", old.PaymentType, r.PaymentType)
	if !equalPtr(old.SecurityDepositAmount, r.SecurityDepositAmount) {
		out = append(out, "securityDepositAmount")
	}
	if !equalPtr(old.CompanyBudgetThreshold, r.CompanyBudgetThreshold) {
		out = append(out, "companyBudgetThreshold")
	}
	if selected.given && !sameSet(old.Selected, selected.values) {
		out = append(out, "selectedBudgetTypes")
	}
	if menu.given && !sameSet(old.AppMenu, menu.values) {
		out = append(out, "appMenu")
	}
	return out
}

// productChanges names the product lists an update changes (compared
// with what the company offers; c is nil when none was sent).
func productChanges(c *Catalogue, p ProductChoice) []string {
	if c == nil {
		return nil
	}
	var out []string
	if p.Products != nil && !sameSet(c.SelectedProducts, p.Products) {
		out = append(out, "selectedProducts")
	}
	if p.ServiceResources != nil && !sameSet(c.SelectedServiceResources, p.ServiceResources) {
		out = append(out, "selectedServiceResources")
	}
	return out
}

// notChangeable refuses the changed fields the caller may not change,
// naming each.
func notChangeable(ctx context.Context, p *access.Principal, changed []string) error {
	if p.Scope.All {
		return nil
	}
	lang := i18n.FromContext(ctx)
	var fields []apperr.FieldError
	var msgs []string
	for _, f := range changed {
		ok := f != "partnerOspId"
		if p.Scope.CorporateAccountID != 0 {
			ok = slices.Contains(companyAdminFields, f)
		}
		if ok {
			continue
		}
		label := f
		if i18n.Has("field." + f) {
			label = i18n.T(lang, "field."+f)
		}
		msg := i18n.T(lang, "company.fieldNotChangeable", label)
		fields = append(fields, apperr.FieldError{Field: f, Messages: []string{msg}})
		msgs = append(msgs, msg)
	}
	if len(fields) == 0 {
		return nil
	}
	return &apperr.Error{Kind: apperr.KindForbidden, Label: LabelFieldNotChangeable, Message: strings.Join(msgs, "\n"), Fields: fields}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func equalPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func sameSet(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}
