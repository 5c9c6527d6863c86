package user

import (
	"context"
	"slices"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/validate"
)

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func ptr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func (r *row) toAPI() User {
	u := User{
		OspID: r.OspID, Type: r.UserType, FullName: FullName(r.Firstname, r.Lastname, r.Email), Active: r.Active,
		Blocked: r.Blocked, FailedLoginCount: r.FailedLoginCount, TwoFactorEnrolled: r.TOTPConfirmed,
		UserData: UserData{
			Firstname: r.Firstname, Lastname: r.Lastname, Email: r.Email, Login: str(r.Login), Msisdn: r.Msisdn,
			Language: r.Language, Birthdate: str(r.Birthdate), EmployeeNumber: r.EmployeeNumber, ContractID: r.ContractID,
			ExtID:                 str(r.ExtID),
			WorkAddress:           Address{StreetName: r.WorkStreet, Number: r.WorkNumber, Zip: r.WorkZip, City: r.WorkCity},
			HomeAddress:           Address{StreetName: r.HomeStreet, Number: r.HomeNumber, Zip: r.HomeZip, City: r.HomeCity},
			DesiredActivationDate: str(r.DesiredActivationDate), DesiredDeactivationDate: str(r.DesiredDeactivationDate),
			LicensePlate: r.LicensePlate, TwoFactor: r.TwoFactorEnabled,
		},
		Roles: r.Roles, ContactTypes: r.ContactTypes, MobibCardNumber: r.MobibCardNumber, MobibChipID: r.MobibChipID,
		MobibValidFrom: r.MobibValidFrom, Anonymized: r.AnonymizedAt != nil, CreatedOn: r.CreatedAt.Format(time.RFC3339),
	}
	if r.StartActivationTime != nil {
		t := r.StartActivationTime.Format(time.RFC3339)
		u.StartActivationTime = &t
	}
	if r.CompanyOspID != nil {
		u.CorporateAccount = &CompanyLink{OspID: *r.CompanyOspID, Name: str(r.CompanyName)}
	}
	return u
}

func (r *row) toListItem() ListItem {
	li := ListItem{OspID: r.OspID, Type: r.UserType, Firstname: r.Firstname, Lastname: r.Lastname,
		FullName: FullName(r.Firstname, r.Lastname, r.Email), Email: r.Email, Login: str(r.Login), Msisdn: r.Msisdn,
		EmployeeNumber: r.EmployeeNumber, ExtID: str(r.ExtID), Active: r.Active, Blocked: r.Blocked,
		Roles: r.Roles, ContactTypes: r.ContactTypes, DesiredDeactivationDate: str(r.DesiredDeactivationDate)}
	if r.CompanyOspID != nil {
		li.CorporateAccount = &CompanyLink{OspID: *r.CompanyOspID, Name: str(r.CompanyName)}
	}
	return li
}

// Get returns one user the caller may see.
func (s *Service) Get(ctx context.Context, p *access.Principal, ospID string) (*User, error) {
	r, err := s.find(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	u := r.toAPI()
	return &u, nil
}

// Find is findByAny: a company's users, paged, filtered and sorted.
func (s *Service) Find(ctx context.Context, p *access.Principal, req FindRequest) (*paging.Page[ListItem], error) {
	f := listFilter{scope: p.Scope, active: req.Active, roles: req.Roles, types: req.Types, search: req.Search}
	if req.CorporateAccountOspID != "" {
		ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
		if err != nil {
			return nil, err
		}
		f.companyID = ca.ID
	}
	v := validate.New(ctx)
	for _, t := range req.Types {
		v.OneOf("types", t, []string{TypeMobile, TypeContact, TypeAdmin})
	}
	for _, r := range req.Roles {
		if !r.Valid() {
			v.Fail("roles", "rule.invalid")
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var err error
	if req.UserGroupOspID != "" {
		if f.groupID, err = s.groups.IDInScope(ctx, p, req.UserGroupOspID); err != nil {
			return nil, err
		}
	}
	if req.ExcludeMembersOf != "" {
		if f.excludeGroupID, err = s.groups.IDInScope(ctx, p, req.ExcludeMembersOf); err != nil {
			return nil, err
		}
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.list(ctx, f, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]ListItem, len(rows))
	for i, r := range rows {
		out[i] = r.toListItem()
	}
	page := paging.NewPage(out, total, pg)
	if strings.TrimSpace(req.Search) != "" { // counted ahead (store.list)
		page = paging.NewCountedPage(out, total, pg)
	}
	return &page, nil
}

// Search is the dashboard's user search: at least 3 characters, active
// users only unless asked, sorted by first name, last name and e-mail.
func (s *Service) Search(ctx context.Context, p *access.Principal, req SearchRequest) (*paging.Page[SearchResult], error) {
	q := strings.TrimSpace(req.Search)
	v := validate.New(ctx)
	if v.Required("search", q) {
		v.MinLength("search", q, constants.SearchMinChars)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	f := searchFilter{scope: p.Scope, search: q, activeOnly: req.ActiveOnly == nil || *req.ActiveOnly, companyType: req.CompanyType}
	if req.CorporateAccountOspID != "" {
		ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
		if err != nil {
			return nil, err
		}
		f.companyID = ca.ID
	}
	if req.PartnerOspID != "" {
		id, err := s.partnerInScope(ctx, p, req.PartnerOspID)
		if err != nil {
			return nil, err
		}
		f.partnerID = id
	}
	if s.voucherUsers != nil {
		ids, err := s.voucherUsers(ctx, q)
		if err != nil {
			return nil, apperr.Internal(err)
		}
		f.voucherUsers = ids
	}
	pg := req.Pagination.Normalize(constants.DashboardSearchPageSize)
	rows, total, err := s.store.search(ctx, f, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]SearchResult, len(rows))
	for i, r := range rows {
		out[i] = SearchResult{OspID: r.OspID, Fullname: FullName(r.Firstname, r.Lastname, r.Email), Login: str(r.Login),
			Email: r.Email, CorporateAccountName: str(r.CompanyName), CorporateAccountOspID: str(r.CompanyOspID),
			Msisdn: r.Msisdn, IsMobile: r.UserType == TypeMobile, Type: r.UserType, Active: r.Active,
			SearchMatchedOn: matchedOn(r, q)}
		if slices.Contains(f.voucherUsers, r.ID) {
			out[i].SearchMatchedOn = append(out[i].SearchMatchedOn, MatchedVoucherCode)
		}
	}
	page := paging.NewCountedPage(out, total, pg)
	return &page, nil
}

// matchedOn tells which fields a search hit matched.
func matchedOn(r *row, q string) []string {
	q = strings.ToLower(q)
	has := func(s string) bool { return strings.Contains(strings.ToLower(s), q) }
	var m []string
	if has(r.Firstname) || has(r.Lastname) || has(r.Firstname+" "+r.Lastname) {
		m = append(m, "NAME")
	}
	if has(str(r.Login)) {
		m = append(m, "LOGIN")
	}
	if has(r.Email) {
		m = append(m, "EMAIL")
	}
	if has(r.Msisdn) {
		m = append(m, "PHONE")
	}
	if has(r.EmployeeNumber) {
		m = append(m, "EMPLOYEE_NUMBER")
	}
	if has(str(r.ExtID)) {
		m = append(m, "EXT_ID")
	}
	return m
}

func (s *Service) partnerInScope(ctx context.Context, p *access.Principal, ospID string) (int64, error) {
	pa, err := s.partners.Resolve(ctx, p.Scope, ospID)
	if err != nil {
		return 0, err
	}
	return pa.ID, nil
}

// loginPattern: letters, digits and . _ - @, at least 3 characters.
func validLogin(l string) bool {
	if len(l) < 3 || len(l) > 100 {
		return false
	}
	for _, c := range l {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.ContainsRune("._-@", c)) {
			return false
		}
	}
	return true
}

// checkData validates user data as a whole (SPEC §5) and normalizes it.
// existing is the stored user on update (nil on create).
func (s *Service) checkData(ctx context.Context, v *validate.Checker, d *UserData, kind string, companyID int64, existing *row) error {
	d.Firstname, d.Lastname = strings.TrimSpace(d.Firstname), strings.TrimSpace(d.Lastname)
	d.Email = strings.TrimSpace(d.Email)
	d.Login = NormalizeLogin(d.Login)
	d.ExtID = strings.TrimSpace(d.ExtID)
	d.ContractID = strings.TrimSpace(d.ContractID)
	if d.Language == "" {
		d.Language = string(i18n.Default)
	}
	v.Required("firstname", d.Firstname)
	v.Required("lastname", d.Lastname)
	v.MaxLength("firstname", d.Firstname, 100)
	v.MaxLength("lastname", d.Lastname, 100)
	if v.Required("email", d.Email) {
		v.Email("email", d.Email)
	}
	exceptID := int64(0)
	if existing != nil {
		exceptID = existing.ID
	}
	if kind != TypeContact || d.Login != "" {
		if v.Required("login", d.Login) && !validLogin(d.Login) {
			v.Fail("login", "rule.invalid")
		}
		if !v.Has("login") {
			taken, err := s.store.loginTaken(ctx, d.Login, exceptID)
			if err != nil {
				return apperr.Internal(err)
			}
			if taken {
				v.FailText("login", "rule.loginTaken")
			}
		}
	}
	d.Msisdn = v.Phone("msisdn", d.Msisdn)
	v.Language("language", d.Language)
	v.Date("birthdate", d.Birthdate)
	if d.Birthdate != "" && !v.Has("birthdate") && d.Birthdate >= s.today() {
		v.Fail("birthdate", "rule.date.past")
	}
	v.MaxLength("employeeNumber", d.EmployeeNumber, 50)
	if existing != nil && existing.ExtID != nil && d.ExtID != *existing.ExtID {
		v.Fail("extId", "rule.extIdImmutable")
	}
	if d.ExtID != "" && !v.Has("extId") {
		v.ExtID("extId", d.ExtID)
		if !v.Has("extId") {
			taken, err := s.store.extIDTaken(ctx, d.ExtID, exceptID)
			if err != nil {
				return apperr.Internal(err)
			}
			if taken {
				v.Fail("extId", "rule.unique")
			}
		}
	}
	if d.ContractID != "" {
		if !validContract(d.ContractID) {
			v.Fail("contractId", "rule.invalid")
		} else if taken, err := s.store.contractTaken(ctx, companyID, d.ContractID, exceptID); err != nil {
			return apperr.Internal(err)
		} else if taken {
			v.Fail("contractId", "rule.unique")
		}
	}
	for field, date := range map[string]string{"desiredActivationDate": d.DesiredActivationDate, "desiredDeactivationDate": d.DesiredDeactivationDate} {
		v.Date(field, date)
		changed := existing == nil || (field == "desiredActivationDate" && date != str(existing.DesiredActivationDate)) ||
			(field == "desiredDeactivationDate" && date != str(existing.DesiredDeactivationDate))
		if date != "" && !v.Has(field) && changed {
			if date < s.today() {
				v.Fail(field, "rule.date.future")
			}
			v.PlanDate(field, date, s.today())
		}
	}
	for _, zip := range []struct{ field, value string }{{"workAddress.zip", d.WorkAddress.Zip}, {"homeAddress.zip", d.HomeAddress.Zip}} {
		v.MaxLength(zip.field, zip.value, 10)
	}
	d.LicensePlate = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(d.LicensePlate), " ", ""))
	return nil
}

// validContract: letters, digits, '-', '_' and '/', at most 50.
func validContract(c string) bool {
	if len(c) > 50 {
		return false
	}
	for _, r := range c {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_/", r)) {
			return false
		}
	}
	return true
}

func (d *UserData) applyTo(r *row) {
	r.Firstname, r.Lastname, r.Email, r.Msisdn, r.Language = d.Firstname, d.Lastname, d.Email, d.Msisdn, d.Language
	r.Login = ptr(d.Login)
	r.Birthdate = ptr(d.Birthdate)
	r.EmployeeNumber, r.ContractID = strings.TrimSpace(d.EmployeeNumber), d.ContractID
	r.ExtID = ptr(d.ExtID)
	r.WorkStreet, r.WorkNumber, r.WorkZip, r.WorkCity = d.WorkAddress.StreetName, d.WorkAddress.Number, d.WorkAddress.Zip, d.WorkAddress.City
	r.HomeStreet, r.HomeNumber, r.HomeZip, r.HomeCity = d.HomeAddress.StreetName, d.HomeAddress.Number, d.HomeAddress.Zip, d.HomeAddress.City
	r.DesiredActivationDate, r.DesiredDeactivationDate = ptr(d.DesiredActivationDate), ptr(d.DesiredDeactivationDate)
	r.LicensePlate = d.LicensePlate
	r.TwoFactorEnabled = d.TwoFactor
}

// newUser is what the three create calls share.
type newUser struct {
	kind            string
	company         Ref
	data            UserData
	roles           []access.Role
	contactTypes    []string
	groups          []Ref
	mobibCard       string
	mobibChip       string
	mobibValidFrom  *string
	sendCredentials bool
	// trusted skips the "grant only roles you hold" rule: a company's
	// creator gives its first admin the company-admin roles.
	trusted bool
}

// create validates everything first, then writes the user, their roles,
// groups and the credentials mail in one transaction (the caller's, when
// there is one: see CreateMobile's budgets).
func (s *Service) create(ctx context.Context, p *access.Principal, n newUser) (*User, error) {
	ca, r, err := s.prepare(ctx, p, n)
	if err != nil {
		return nil, err
	}
	return s.insert(ctx, p, n, ca, r)
}

// prepare checks a new user and returns their company and the row to
// insert; it writes nothing. The company is returned as soon as it is
// found, with the error of a field that fails.
func (s *Service) prepare(ctx context.Context, p *access.Principal, n newUser) (*company.Resolved, *row, error) {
	ca, err := s.companies.Resolve(ctx, p, n.company.OspID)
	if err != nil {
		if apperr.IsNotFound(err) && n.company.OspID == "" {
			v := validate.New(ctx)
			v.Required("corporateAccount", "")
			return ca, nil, v.Err()
		}
		return ca, nil, err
	}
	v := validate.New(ctx)
	if err := s.checkData(ctx, v, &n.data, n.kind, ca.ID, nil); err != nil {
		return ca, nil, err
	}
	switch n.kind {
	case TypeMobile:
		n.roles = []access.Role{access.OspUser}
	case TypeContact:
		n.roles = []access.Role{access.ContactUser}
		if len(n.contactTypes) == 0 {
			v.Fail("contactTypes", "rule.required")
		}
		for _, ct := range n.contactTypes {
			v.OneOf("contactTypes", ct, ContactTypes)
		}
	case TypeAdmin:
		if len(n.roles) == 0 {
			v.Fail("roles", "rule.required")
		}
		for _, r := range n.roles {
			if !r.IsAdminRole() || r == access.OspAdmin {
				v.Fail("roles", "rule.invalid")
			} else if !n.trusted && !canGrant(p, r) {
				return ca, nil, apperr.Forbidden("you can only grant roles you hold").WithLabel(LabelRoleNotHeld)
			}
		}
	}
	if n.mobibValidFrom != nil {
		v.Date("mobibValidFrom", *n.mobibValidFrom)
	}
	if err := v.Err(); err != nil {
		return ca, nil, err
	}
	if n.kind == TypeMobile {
		if err := s.checkMaxUsers(ctx, ca, 1); err != nil {
			return ca, nil, err
		}
	}
	now := s.now()
	r := &row{OspID: NewOspID(), CorporateAccountID: &ca.ID, UserType: n.kind, Roles: n.roles, ContactTypes: n.contactTypes,
		MobibCardNumber: strings.TrimSpace(n.mobibCard), MobibChipID: strings.TrimSpace(n.mobibChip), MobibValidFrom: n.mobibValidFrom}
	n.data.applyTo(r)
	// A planned activation date in the future leaves the user inactive
	// until the jobs runner activates them on that day.
	r.Active = r.DesiredActivationDate == nil || *r.DesiredActivationDate <= s.today()
	if r.Active {
		r.StartActivationTime = &now
		r.DesiredActivationDate = nil
	}
	return ca, r, nil
}

// insert writes a prepared user, their default and chosen groups and the
// credentials mail in one transaction.
func (s *Service) insert(ctx context.Context, p *access.Principal, n newUser, ca *company.Resolved, r *row) (*User, error) {
	now := s.now()
	groupOsps := make([]string, 0, len(n.groups))
	for _, g := range n.groups {
		groupOsps = append(groupOsps, g.OspID)
	}
	var id int64
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if id, err = s.store.insertRow(ctx, r, &p.UserID, now); err != nil {
			return err
		}
		if err := s.groups.JoinDefault(ctx, ca.ID, id); err != nil {
			return err
		}
		if err := s.groups.Join(ctx, p, ca.ID, id, groupOsps); err != nil {
			return err
		}
		if n.sendCredentials {
			return s.sendWelcome(ctx, id, r, ca.Name)
		}
		return nil
	})
	if database.IsUniqueViolation(err) {
		// a concurrent create took the login or extId between check and write
		v := validate.New(ctx)
		v.FailText("login", "rule.loginTaken")
		return nil, v.Err()
	}
	if err != nil {
		if apperr.As(err) != nil {
			return nil, err
		}
		return nil, apperr.Internal(err)
	}
	return s.Get(ctx, p, r.OspID)
}

// CreateMobile creates an app user (role ospuser) with the SPEC payload.
// The budgets of the payload are opened by internal/onboarding, which
// runs this in its transaction.
func (s *Service) CreateMobile(ctx context.Context, p *access.Principal, req CreateMobileRequest) (*User, error) {
	return s.create(ctx, p, mobileUser(req))
}

// CheckMobile checks a create payload as CreateMobile does, writing
// nothing. It returns the company's internal id once the company is found
// (also when a field fails), so a caller can check what it adds there.
func (s *Service) CheckMobile(ctx context.Context, p *access.Principal, req CreateMobileRequest) (int64, error) {
	ca, _, err := s.prepare(ctx, p, mobileUser(req))
	if ca == nil {
		return 0, err
	}
	return ca.ID, err
}

func mobileUser(req CreateMobileRequest) newUser {
	return newUser{kind: TypeMobile, company: req.CorporateAccount, data: req.UserData,
		groups: req.UserGroups.UserGroups, mobibCard: req.MobibCardNumber, mobibChip: req.MobibChipID,
		mobibValidFrom: req.MobibValidFrom, sendCredentials: req.SendCredentials == nil || *req.SendCredentials}
}

// CreateManager creates a company admin with roles the caller holds.
func (s *Service) CreateManager(ctx context.Context, p *access.Principal, req CreateManagerRequest) (*User, error) {
	return s.create(ctx, p, newUser{kind: TypeAdmin, company: req.CorporateAccount, data: req.UserData, roles: req.Roles,
		sendCredentials: req.SendCredentials == nil || *req.SendCredentials})
}

// CreateContact creates an invoicing, HR or budget contact.
func (s *Service) CreateContact(ctx context.Context, p *access.Principal, req CreateContactRequest) (*User, error) {
	return s.create(ctx, p, newUser{kind: TypeContact, company: req.CorporateAccount, data: req.UserData,
		contactTypes: req.ContactTypes, sendCredentials: req.SendCredentials == nil || *req.SendCredentials})
}

// Update changes a user's data; the extId can be set once, never changed.
// Only a caller holding every role of the user may change them (e-mail,
// login and two-factor flag included); a changed e-mail ends the user's
// outstanding reset links and is told to the old address.
func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*User, error) {
	r, err := s.findToChange(ctx, p, req.OspID)
	if err != nil {
		return nil, err
	}
	oldEmail := r.Email
	companyID := int64(0)
	if r.CorporateAccountID != nil {
		companyID = *r.CorporateAccountID
	}
	v := validate.New(ctx)
	if err := s.checkData(ctx, v, &req.UserData, r.UserType, companyID, r); err != nil {
		return nil, err
	}
	if req.ContactTypes != nil {
		for _, ct := range req.ContactTypes {
			v.OneOf("contactTypes", ct, ContactTypes)
		}
		if r.UserType == TypeContact && len(req.ContactTypes) == 0 {
			v.Fail("contactTypes", "rule.required")
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	req.UserData.applyTo(r)
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.updateRow(ctx, r, s.now()); err != nil {
			return err
		}
		if err := s.emailChanged(ctx, p, r, oldEmail); err != nil {
			return err
		}
		if req.ContactTypes != nil && r.UserType != TypeMobile {
			return s.store.setContactTypes(ctx, r.ID, req.ContactTypes)
		}
		return nil
	})
	if database.IsUniqueViolation(err) {
		v := validate.New(ctx)
		v.FailText("login", "rule.loginTaken")
		return nil, v.Err()
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Get(ctx, p, r.OspID)
}

// canGrant: an admin grants only roles they hold; platform staff any.
func canGrant(p *access.Principal, r access.Role) bool {
	return p.IsOspAdmin() || (p.HoldsExactly(r) && r != access.OspAdmin)
}

// emailChanged, inside the transaction that stored r with a new e-mail,
// ends r's outstanding reset and invitation links (they went to the old
// address) and tells the old address who changed it, so an owner whose
// address was taken over learns it and whom to contact. Nothing happens
// when the address stayed the same (up to case).
func (s *Service) emailChanged(ctx context.Context, p *access.Principal, r *row, oldEmail string) error {
	if strings.EqualFold(strings.TrimSpace(oldEmail), strings.TrimSpace(r.Email)) || strings.TrimSpace(oldEmail) == "" {
		return nil
	}
	if err := s.auth.EndResetLinks(ctx, r.ID); err != nil {
		return err
	}
	by, err := s.store.byID(ctx, p.UserID)
	if err != nil {
		return err
	}
	return s.outbox.Enqueue(ctx, mail.Message{To: oldEmail, Name: "email_changed", Lang: i18n.Lang(r.Language), CompanyID: deref(r.CorporateAccountID),
		Data: map[string]any{"Name": FullName(r.Firstname, r.Lastname, oldEmail), "Login": str(r.Login),
			"ChangedBy": FullName(by.Firstname, by.Lastname, by.Email), "ChangedByEmail": by.Email,
			"When": s.clock.Now().In(brussels()).Format("02/01/2006 15:04"), "HelpEmail": s.cfg.HelpEmail}})
}

// Error labels of this package.
var (
	// LabelOutranked: the user holds a portal role the caller lacks (or is
	// platform staff), so the caller may not change or act on them.
	LabelOutranked     = apperr.Define("ADMIN_OUTRANKS_YOU")
	LabelRoleNotHeld   = apperr.Define("ROLE_NOT_HELD")
	LabelAnonymized    = apperr.Define("USER_ANONYMIZED")
	LabelWrongUserType = apperr.Define("WRONG_USER_TYPE")
)
