package seed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/money"
	"mobility/portal/internal/reporting"
	"mobility/portal/internal/server"
	"mobility/portal/internal/user"
)

// StoryMonths is how far back the demo's history starts: the first day of
// the month this many months before today.
const StoryMonths = 12

// GeneratedUsersPerCompany is how many generated app users each demo
// company gets on top of the named ones, so every list pages.
const GeneratedUsersPerCompany = 200

// DemoStory seeds the base demo (Demo) as it stood a year ago and then
// lives through the year, day by day, through the portal's own services:
// the jobs runner runs each day with the clock set to it (top-ups, resets,
// recurring purchases, planned deactivations, the ledger check), and on
// the days the script says so admins book expenses, refunds and
// corrections, platform staff book bank transfers on the company budget,
// admins import users, deactivate one and lock another out. Nothing is
// inserted behind the services' backs except the generated app users
// (Users, the bulk generator), who only fill the lists.
//
// The tests build on Demo alone; `portal serve --demo` and `portal seed
// --demo` build on this.
func DemoStory(ctx context.Context, cfg *config.Config, db *database.DB, now time.Time) error {
	today := dayStart(now)
	start := time.Date(today.Year(), today.Month()-StoryMonths, 1, 0, 0, 0, 0, clock.Brussels)
	clk := clock.NewFixed(start.Add(9 * time.Hour))
	app, err := server.New(cfg, db, clk)
	if err != nil {
		return err
	}
	if err := Demo(ctx, Deps{DB: db, Users: app.Users, Auth: app.Auth, Branding: app.Branding, Companies: app.Companies,
		UserFees: app.UserFees, Now: clk.Now()}); err != nil {
		return err
	}
	// MobiPartner's own welcome mail (nl, fr), before anyone is welcomed
	if err := demoTemplates(ctx, app.Templates, clk.Now()); err != nil {
		return err
	}
	s := &story{app: app, clk: clk, start: start, end: today, gone: map[string]string{}, rng: rand.New(rand.NewPCG(2026, 8))}
	if err := s.cast(ctx); err != nil {
		return fmt.Errorf("demo story, first day: %w", err)
	}
	runner := app.JobRunner()
	for day := start; !day.After(today); day = day.AddDate(0, 0, 1) {
		d := day.Format(clock.DateLayout)
		// the jobs first, a minute into the day (as `portal jobs run --at`)
		clk.Set(day.Add(time.Minute))
		results, err := runner.RunDay(ctx, d)
		if err != nil {
			return fmt.Errorf("demo story, jobs of %s: %w", d, err)
		}
		for _, r := range results {
			if r.Status == "failed" {
				return fmt.Errorf("demo story, job %s on %s: %s", r.Job, d, r.Detail)
			}
		}
		// then the day's work, by day
		clk.Set(day.Add(11 * time.Hour))
		if err := s.live(ctx, day); err != nil {
			return fmt.Errorf("demo story, %s: %w", d, err)
		}
	}
	// the providers' files of the last day: vouchers, Cambio (providerfiles.go)
	if err := s.providerFiles(ctx); err != nil {
		return fmt.Errorf("demo story, provider files: %w", err)
	}
	// season-card orders from the app, some handled (orders.go)
	if err := s.seasonCardOrders(ctx); err != nil {
		return fmt.Errorf("demo story, season-card orders: %w", err)
	}
	// plugin purchases in each state and the NMBS settings (plugins.go)
	if err := s.plugins(ctx); err != nil {
		return fmt.Errorf("demo story, plugin purchases: %w", err)
	}
	// last month's NMBS invoice of Acme's season cards (nmbsinvoices.go)
	if err := s.nmbsInvoice(ctx); err != nil {
		return fmt.Errorf("demo story, NMBS invoice: %w", err)
	}
	// one small company asks to leave on the last day: a pending request
	if err := s.leaving(ctx); err != nil {
		return fmt.Errorf("demo story, Umbrella's deactivation request: %w", err)
	}
	for _, osp := range []string{AcmeOspID, GlobexOspID, InitechOspID} {
		if err := Users(ctx, db, osp, GeneratedUsersPerCompany, start); err != nil {
			return fmt.Errorf("demo story, generated users: %w", err)
		}
	}
	return nil
}

// dayStart is midnight in Brussels of t's business day.
func dayStart(t time.Time) time.Time {
	b := t.In(clock.Brussels)
	return time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, clock.Brussels)
}

// spender is an app user with a budget the story spends from.
type spender struct {
	login   string
	typ     string
	budget  string // ospId
	modes   []string
	min     int64 // cents
	max     int64
	chance  float64 // per working day
	company *access.Principal
}

type story struct {
	app *server.App
	clk *clock.Fixed
	rng *rand.Rand

	staff, acme, globex, initech *access.Principal

	users    map[string]string // login → ospId
	spenders []spender
	expenses []string // ospIds of booked expenses, for refunds and corrections
	// resources are the catalogue's resources by their key in catalogue
	// (ospIds), which the expenses name (rides.go)
	resources map[string]string
	gone      map[string]string // login → the first day the user no longer works here
	start     time.Time         // the story's first day
	end       time.Time         // its last day: today

	// tripRng drives the trips (trips.go), apart from rng so the rest of
	// the story draws what it drew before; travellers register them
	tripRng    *rand.Rand
	travellers []traveller
}

var companyAdminRoles = []access.Role{access.UserManager, access.InvoiceManager, access.ReportingManager,
	access.CommunicationManager, access.CompanyBudgetManager}

// principal stands for a demo login as a signed-in session would.
func (s *story) principal(ctx context.Context, login string, roles []access.Role, scope access.Scope) (*access.Principal, error) {
	id, err := s.app.Users.IDByLogin(ctx, login)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", login, err)
	}
	r, err := s.app.Users.ResolveID(ctx, access.SystemScope(), id)
	if err != nil {
		return nil, err
	}
	return &access.Principal{UserID: id, UserOspID: r.OspID, Login: login, Language: r.Language, Roles: roles, Scope: scope}, nil
}

func (s *story) companyScope(ctx context.Context, osp string) (access.Scope, error) {
	ca, err := s.app.Companies.Resolve(ctx, s.staff, osp)
	if err != nil {
		return access.Scope{}, err
	}
	return access.Scope{CorporateAccountID: ca.ID}, nil
}

func ptr[T any](v T) *T { return &v }

func eur(n int64) *money.Amount { a := money.Amount(n * 100); return &a }

func (s *story) today() string { return clock.Today(s.clk.Now()) }

// cast sets the stage on the first day: the people, their budgets, the
// company budget and the recurring purchases.
func (s *story) cast(ctx context.Context) error {
	var err error
	if s.staff, err = s.principal(ctx, "ospadmin", []access.Role{access.OspAdmin}, access.Scope{All: true}); err != nil {
		return err
	}
	for _, c := range []struct {
		p     **access.Principal
		login string
		osp   string
		roles []access.Role
	}{{&s.acme, "acme.admin", AcmeOspID, companyAdminRoles}, {&s.globex, "globex.admin", GlobexOspID, []access.Role{access.UserManager}},
		{&s.initech, "initech.admin", InitechOspID, companyAdminRoles}} {
		scope, err := s.companyScope(ctx, c.osp)
		if err != nil {
			return err
		}
		if *c.p, err = s.principal(ctx, c.login, c.roles, scope); err != nil {
			return err
		}
	}
	// Acme's finance team receives the monthly expenses per mobility mode
	// (the jobs runner makes and mails the reports as the months close)
	if _, err := s.app.Reporting.AddRecipients(ctx, s.acme, reporting.AddRecipientsRequest{CorporateAccountOspID: AcmeOspID,
		ReportType: reporting.TypeExpensesPerMode, Emails: []string{"finance@acme.example.com"}}); err != nil {
		return fmt.Errorf("report recipient: %w", err)
	}
	// the catalogue platform staff keep: providers, resources, labels,
	// groups and gas-station owners
	if err := s.catalogue(ctx); err != nil {
		return fmt.Errorf("catalogue: %w", err)
	}
	s.users = map[string]string{}
	for _, login := range []string{"jan.peeters", "sophie.dubois", "lena.maes"} {
		id, err := s.app.Users.IDByLogin(ctx, login)
		if err != nil {
			return err
		}
		r, err := s.app.Users.ResolveID(ctx, access.SystemScope(), id)
		if err != nil {
			return err
		}
		s.users[login] = r.OspID
	}
	// more named colleagues, made the way the add-user form makes them
	people := []struct {
		p                 *access.Principal
		company           string
		first, last, lang string
	}{
		{s.acme, AcmeOspID, "Pieter", "Janssens", "nl"}, {s.acme, AcmeOspID, "Emma", "Claes", "nl"},
		{s.acme, AcmeOspID, "Luc", "Willems", "nl"}, {s.acme, AcmeOspID, "Nathalie", "Lambert", "fr"},
		{s.acme, AcmeOspID, "Koen", "Mertens", "nl"}, {s.acme, AcmeOspID, "Julie", "Wouters", "en"},
		{s.globex, GlobexOspID, "Bart", "Jacobs", "nl"}, {s.globex, GlobexOspID, "Elise", "Goossens", "nl"},
		{s.initech, InitechOspID, "Camille", "Leclercq", "fr"}, {s.initech, InitechOspID, "Pierre", "Dupont", "fr"},
	}
	for i, pp := range people {
		login := strings.ToLower(pp.first + "." + pp.last)
		u, err := s.app.Users.CreateMobile(ctx, pp.p, user.CreateMobileRequest{CorporateAccount: user.Ref{OspID: pp.company},
			UserData: user.UserData{Firstname: pp.first, Lastname: pp.last, Email: login + "@example.com", Login: login,
				Language: pp.lang, EmployeeNumber: fmt.Sprintf("D%04d", i+1)},
			SendCredentials: ptr(false)})
		if err != nil {
			return fmt.Errorf("%s: %w", login, err)
		}
		s.users[login] = u.OspID
	}
	// Acme's budget contact gets the company budget's threshold mail
	if _, err := s.app.Users.CreateContact(ctx, s.acme, user.CreateContactRequest{CorporateAccount: user.Ref{OspID: AcmeOspID},
		UserData:     user.UserData{Firstname: "Bea", Lastname: "Budget", Email: "bea.budget@example.com", Language: "nl"},
		ContactTypes: []string{user.ContactBudget, user.ContactInvoicing}, SendCredentials: ptr(false)}); err != nil {
		return fmt.Errorf("budget contact: %w", err)
	}
	// Initech's accountant receives its monthly invoices by e-mail (Acme's
	// go to Bea; Globex's by Peppol)
	if _, err := s.app.Users.CreateContact(ctx, s.initech, user.CreateContactRequest{CorporateAccount: user.Ref{OspID: InitechOspID},
		UserData:     user.UserData{Firstname: "Chloé", Lastname: "Comptable", Email: "comptabilite@initech.example.com", Language: "fr"},
		ContactTypes: []string{user.ContactInvoicing}, SendCredentials: ptr(false)}); err != nil {
		return fmt.Errorf("invoicing contact: %w", err)
	}
	// the products of the catalogue, and who may use them
	if err := s.products(ctx); err != nil {
		return fmt.Errorf("products: %w", err)
	}
	// translations of the catalogue's labels, app texts, a server message
	if err := s.translations(ctx); err != nil {
		return fmt.Errorf("translations: %w", err)
	}

	// budgets of every type, with the frequencies and strategies each allows
	type plan struct {
		login, typ, freq, strategy string
		amount, start              int64 // euros
		unlimited, private         bool
		p                          *access.Principal
		modes                      []string
		min, max                   int64
		chance                     float64
	}
	plans := []plan{
		{"jan.peeters", budget.TypeMobility, budget.FrequencyYear, budget.YearReset, 3000, 3000, false, false, s.acme,
			[]string{"TRAIN", "BUS_TRAM_METRO", "BIKE", "CHARGING"}, 800, 9000, 0.35},
		{"jan.peeters", budget.TypeBusiness, budget.FrequencyMonth, budget.MonthReset, 150, 150, false, false, s.acme,
			[]string{"PARKING", "FUEL", "TRAIN"}, 500, 4500, 0.2},
		{"jan.peeters", budget.TypeCommuting, budget.FrequencyMonth, budget.MonthAdd, 90, 0, false, false, s.acme, nil, 0, 0, 0},
		{"sophie.dubois", budget.TypeCafeteria, budget.FrequencyYear, budget.YearAdd, 1200, 1200, false, false, s.acme,
			[]string{"BIKE", "OTHER_PURCHASES", "FLEXOFFICE"}, 1500, 12000, 0.1},
		{"sophie.dubois", budget.TypeMobility, budget.FrequencyMonth, budget.MonthAddMonthlyResetYear, 250, 250, false, false, s.acme,
			[]string{"BIKE", "TRAIN", "CAR"}, 700, 6000, 0.3},
		{"sophie.dubois", budget.TypeBusiness, "", "", 0, 400, false, true, s.acme, []string{"FUEL", "PARKING"}, 1000, 5000, 0.05},
		{"pieter.janssens", budget.TypeBusiness, budget.FrequencyMonth, budget.MonthAdd, 120, 120, false, false, s.acme,
			[]string{"FUEL", "PARKING", "CHARGING"}, 1500, 6000, 0.25},
		{"emma.claes", budget.TypeMobility, budget.FrequencyYear, budget.YearAdd, 2400, 2400, false, false, s.acme,
			[]string{"BIKE", "BUS_TRAM_METRO", "TRAIN", "SNA"}, 300, 5000, 0.3},
		{"luc.willems", budget.TypeBusiness, budget.FrequencyMonth, budget.MonthReset, 100, 100, false, false, s.acme,
			[]string{"TRAIN", "PARKING"}, 400, 3000, 0.3},
		{"nathalie.lambert", budget.TypeCafeteria, budget.FrequencyMonth, budget.MonthAdd, 80, 80, false, false, s.acme,
			[]string{"OTHER_PURCHASES", "FLEXOFFICE", "BIKE"}, 1000, 6000, 0.12},
		{"koen.mertens", budget.TypeCommuting, budget.FrequencyMonth, budget.MonthReset, 60, 60, true, false, s.acme,
			[]string{"TRAIN", "BUS_TRAM_METRO", "CAR"}, 1000, 3500, 0.15},
		{"julie.wouters", budget.TypeMobility, budget.FrequencyMonth, budget.MonthAddMonthlyResetYear, 200, 200, false, false, s.acme,
			[]string{"CHARGING", "CAR", "TRAIN", "BIKE"}, 900, 5500, 0.25},
		{"lena.maes", budget.TypeMobility, budget.FrequencyYear, budget.YearReset, 2000, 2000, false, false, s.staff,
			[]string{"TRAIN", "BIKE", "BUS_TRAM_METRO"}, 500, 6000, 0.3},
		{"lena.maes", budget.TypeBusiness, budget.FrequencyMonth, budget.MonthReset, 100, 100, false, false, s.staff,
			[]string{"PARKING", "FUEL"}, 500, 4000, 0.2},
		{"bart.jacobs", budget.TypeCommuting, budget.FrequencyMonth, budget.MonthAdd, 75, 75, false, false, s.staff,
			[]string{"TRAIN", "BUS_TRAM_METRO"}, 400, 3000, 0.3},
		{"elise.goossens", budget.TypeCafeteria, budget.FrequencyYear, budget.YearReset, 900, 900, false, false, s.staff,
			[]string{"BIKE", "OTHER_PURCHASES"}, 2000, 9000, 0.08},
		{"camille.leclercq", budget.TypeMobility, budget.FrequencyYear, budget.YearReset, 2500, 2500, false, false, s.initech,
			[]string{"TRAIN", "CAR", "CHARGING"}, 1000, 7000, 0.25},
		{"pierre.dupont", budget.TypeBusiness, budget.FrequencyMonth, budget.MonthAdd, 100, 100, false, false, s.initech,
			[]string{"FUEL", "PARKING"}, 800, 4000, 0.2},
	}
	budgets := map[string]string{}
	for _, pl := range plans {
		d := budget.WriteData{FrequencyAmount: eur(pl.amount)}
		if pl.freq != "" {
			d.Frequency, d.TransferStrategy = ptr(pl.freq), ptr(pl.strategy)
		} else {
			d.Frequency = ptr("")
		}
		if pl.start > 0 {
			d.StartAmount = eur(pl.start)
		}
		if pl.unlimited {
			d.Unlimited = ptr(true)
		}
		if pl.private {
			d.PaymentType = ptr(budget.PaymentPrivate)
		}
		b, err := s.app.Budgets.Create(ctx, pl.p, budget.CreateRequest{Type: pl.typ, OwnerOspID: s.users[pl.login], Data: d})
		if err != nil {
			return fmt.Errorf("%s budget of %s: %w", pl.typ, pl.login, err)
		}
		budgets[pl.login+"/"+pl.typ] = b.OspID
		if pl.modes != nil {
			s.spenders = append(s.spenders, spender{login: pl.login, typ: pl.typ, budget: b.OspID, modes: pl.modes, min: pl.min, max: pl.max,
				chance: pl.chance, company: pl.p})
		}
	}

	// the company budgets: opened by platform staff with a first bank
	// transfer; Acme's admin sets a warning threshold
	for _, c := range []struct {
		osp    string
		amount int64
	}{{AcmeOspID, 6000}, {InitechOspID, 2500}} {
		if _, err := s.app.Budgets.AddForCompany(ctx, s.staff, budget.AddForCompanyRequest{CorporateAccountOspID: c.osp,
			Amount: *eur(c.amount), Description: "Bank transfer " + s.today()}); err != nil {
			return fmt.Errorf("company budget: %w", err)
		}
	}
	if _, err := s.app.Budgets.SetThreshold(ctx, s.acme, budget.ThresholdRequest{CorporateAccountOspID: AcmeOspID, Threshold: eur(2500)}); err != nil {
		return fmt.Errorf("threshold: %w", err)
	}

	// Acme asks a reason for business costs; platform staff run a promo
	for _, label := range []string{"Klantbezoek", "Opleiding", "Beurs of event"} {
		if _, err := s.app.Budgets.AddUsageReason(ctx, s.acme, budget.UsageReasonAdd{CorporateAccountOspID: AcmeOspID, Label: label}); err != nil {
			return fmt.Errorf("usage reason: %w", err)
		}
	}
	validTo := dayStart(s.clk.Now()).AddDate(1, 6, 0).Format(clock.DateLayout)
	if _, err := s.app.Budgets.CreatePromo(ctx, s.staff, budget.PromoCode{Code: "WELKOM25", Amount: *eur(25), ValidFrom: s.today(), ValidTo: validTo}); err != nil {
		return fmt.Errorf("promo code: %w", err)
	}

	// recurring purchases, booked by the jobs runner from the next day on
	next := dayStart(s.clk.Now()).AddDate(0, 0, 1).Format(clock.DateLayout)
	for _, r := range []struct {
		login, typ, btyp, desc string
		amount                 int64 // cents
		freq                   string
	}{
		{"jan.peeters", "TRAIN_SUBSCRIPTION", budget.TypeCommuting, "NMBS/SNCB trajectkaart Leuven–Brussel", 8900, expense.FrequencyMonth},
		{"sophie.dubois", "BIKE_LEASE", budget.TypeMobility, "Leasefiets Cowboy", 6500, expense.FrequencyMonth},
		{"emma.claes", "BUS_SUBSCRIPTION", budget.TypeMobility, "De Lijn jaarabonnement", 29900, expense.FrequencyYear},
		{"bart.jacobs", "PARKING_SUBSCRIPTION", budget.TypeCommuting, "Parking Kievit", 4500, expense.FrequencyMonth},
	} {
		p := s.acme
		if r.login == "bart.jacobs" {
			p = s.staff
		}
		if _, err := s.app.Expenses.CreateRecurring(ctx, p, expense.RecurringCreateRequest{UserOspID: s.users[r.login],
			RecurringWrite: expense.RecurringWrite{BudgetOspID: budgets[r.login+"/"+r.btyp], Type: r.typ, Amount: money.Amount(r.amount),
				VatPercentage: ptr(6.0), Description: r.desc, Frequency: r.freq, StartDate: next}}); err != nil {
			return fmt.Errorf("recurring %s: %w", r.typ, err)
		}
	}
	// Initech asks every admin for an authenticator code at sign-in (issue
	// 9): platform staff switch the company rule on, as on the settings tab.
	if _, err := s.app.Companies.Update(ctx, s.staff, company.UpdateRequest{OspID: InitechOspID, TwoFactorForAdmins: ptr(true)}); err != nil {
		return fmt.Errorf("initech two-factor rule: %w", err)
	}
	// trips: the companies' configuration, the travellers' settings
	if err := s.tripCast(ctx); err != nil {
		return fmt.Errorf("trips: %w", err)
	}
	// the cards and numbers providers' files match on (providerdata.go)
	if err := s.providerTokens(ctx); err != nil {
		return fmt.Errorf("provider tokens: %w", err)
	}
	return nil
}

// expected are the refusals a real admin meets too: an empty budget, a
// deactivated one. The story shrugs and moves on.
func expected(err error) bool {
	e := apperr.As(err)
	return e != nil && (e.Label == budget.LabelInsufficient || e.Label == budget.LabelDeactivated)
}

var descriptions = map[string][]string{
	"BIKE":            {"Fietsherstelling", "Fietshelm", "Blue-bike rit", "CityBike e-bike rit", "Fietsverlichting"},
	"BUS_TRAM_METRO":  {"STIB/MIVB 10-rittenkaart", "De Lijn dagpas", "TEC ticket"},
	"TRAIN":           {"NMBS ticket Brussel–Gent", "SNCB Liège–Bruxelles", "Eurostar Brussel–Londen", "NMBS weekendbiljet"},
	"PARKING":         {"Interparking Albertine Brussel", "Interparking Sint-Michiels Gent", "Parking Vrijdagmarkt Gent", "Q-Park Meir"},
	"CAR":             {"Cambio autodelen", "Poppy deelauto", "Huurwagen Europcar"},
	"FUEL":            {"Tankbeurt TotalEnergies Zaventem", "Tankbeurt TotalEnergies Gent", "Tankbeurt Q8"},
	"SNA":             {"Deelstep Dott", "Deelstep Bolt"},
	"OTHER_PURCHASES": {"Regenjas", "Fietstas", "Reisadapter"},
	"FLEXOFFICE":      {"Coworking Silversquare", "Flexdesk Regus"},
	"CHARGING":        {"Laadbeurt TotalEnergies Gentbrugge", "Laadbeurt Allego", "Laadbeurt Shell Recharge", "Laadpas Blue Corner"},
}

// live does one day's scripted work.
func (s *story) live(ctx context.Context, day time.Time) error {
	weekday := day.Weekday() != time.Saturday && day.Weekday() != time.Sunday
	if weekday {
		for _, sp := range s.spenders {
			if s.rng.Float64() >= sp.chance {
				continue
			}
			if left, ok := s.gone[sp.login]; ok && s.today() >= left {
				continue
			}
			if err := s.spend(ctx, sp); err != nil {
				return err
			}
		}
		// now and then an admin refunds or corrects an expense
		if len(s.expenses) > 0 && s.rng.Float64() < 0.12 {
			if err := s.correct(ctx); err != nil {
				return err
			}
		}
	}
	// the script's calendar: months since the start, day of the month
	m := (day.Year()-s.start.Year())*12 + int(day.Month()-s.start.Month())
	d := day.Day()
	// the invoices the jobs runner issued: payments and a credit note
	if err := s.finance(ctx, day, m, d); err != nil {
		return err
	}
	// the day's trips, registered and reviewed by the admins
	if err := s.trips(ctx, day, m, d); err != nil {
		return err
	}
	// the day's messages to employees (messaging.go)
	if err := s.messages(ctx, day, m, d); err != nil {
		return fmt.Errorf("messages: %w", err)
	}
	// last month's season cards, processed by Acme (orders.go)
	if err := s.lastMonthSeasonCards(ctx, m, d); err != nil {
		return fmt.Errorf("season-card orders: %w", err)
	}
	switch {
	case d == 3 && m%2 == 0 && m > 0:
		// bank transfers on Acme's company budget, every other month, booked
		// by platform staff on the day the bank received them
		received := day.AddDate(0, 0, -2).Format(clock.DateLayout)
		if _, err := s.app.Budgets.AddForCompany(ctx, s.staff, budget.AddForCompanyRequest{CorporateAccountOspID: AcmeOspID,
			Amount: *eur(1500), Description: "Bank transfer " + received, BookingDate: received}); err != nil {
			return err
		}
	case d == 10 && m == 3:
		return s.importUsers(ctx, s.acme, AcmeOspID, "create", "nieuwe-medewerkers.csv", importCreate)
	case d == 11 && m == 3:
		return s.importUsers(ctx, s.acme, AcmeOspID, "update", "gsm-nummers.csv", importUpdate)
	case d == 14 && m == 5:
		return s.importUsers(ctx, s.staff, GlobexOspID, "create", "globex-new.csv", importGlobex)
	case d == 15 && m == 6:
		// Luc leaves: his budget is switched off, then he is
		return s.leave(ctx, "luc.willems", "")
	case d == 20 && m == 7:
		// the threshold goes up with the company: below it, the contact gets mail
		_, err := s.app.Budgets.SetThreshold(ctx, s.acme, budget.ThresholdRequest{CorporateAccountOspID: AcmeOspID, Threshold: eur(15000)})
		return err
	case d == 12 && m == 9:
		// Pieter's last day is planned: the jobs runner deactivates him
		return s.leave(ctx, "pieter.janssens", day.AddDate(0, 0, 18).Format(clock.DateLayout))
	case d == 5 && m == 10:
		return s.lockOut(ctx)
	case d == HandoverDay && m == StoryMonths-2:
		// a Blue-bike number changes hands in the month the files report
		return s.handOver(ctx)
	case d == 4 && m == StoryMonths-1:
		// platform staff upload and process last month's providers' files
		return s.providerMonth(ctx, day)
	case d == 16 && m == 10:
		// a one-off top-up by the admin
		return s.bonus(ctx)
	}
	return nil
}

func (s *story) spend(ctx context.Context, sp spender) error {
	mode := sp.modes[s.rng.IntN(len(sp.modes))]
	names := descriptions[mode]
	amount := sp.min + s.rng.Int64N(sp.max-sp.min+1)
	vat := 21.0
	if mode == "TRAIN" || mode == "BUS_TRAM_METRO" || mode == "BIKE" {
		vat = 6
	}
	reason := ""
	if sp.typ == budget.TypeBusiness && sp.company == s.acme {
		reason = []string{"Klantbezoek", "Opleiding", "Beurs of event"}[s.rng.IntN(3)]
	}
	req := expense.CreateRequest{UserOspID: s.users[sp.login], BudgetOspID: sp.budget,
		Amount: money.Amount(amount), VatPercentage: vat, Description: names[s.rng.IntN(len(names))], Date: s.today(), UsageReason: reason,
		MobilityMode: mode, ExternalReference: fmt.Sprintf("R-%s-%04d", strings.ReplaceAll(s.today(), "-", ""), s.rng.IntN(10000))}
	if r, ok := rides[req.Description]; ok {
		// bought on a catalogue resource: what the amount buys of its unit
		cost, quantity, hasQuantity := r.onResource(amount)
		req.Amount, req.VatPercentage, req.ResourceOspID = money.Amount(cost), r.vatPercent, s.resources[r.resource]
		if hasQuantity {
			req.Quantity = ptr(float64(quantity) / 1000)
		}
	}
	ev, err := s.app.Expenses.Create(ctx, sp.company, req)
	if expected(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("expense of %s: %w", sp.login, err)
	}
	s.expenses = append(s.expenses, ev.OspID)
	return nil
}

// correct refunds part of a recent expense, or corrects its amount.
func (s *story) correct(ctx context.Context) error {
	n := len(s.expenses)
	osp := s.expenses[n-1-s.rng.IntN(min(n, 15))]
	ev, err := s.app.Expenses.Get(ctx, s.staff, osp)
	if err != nil {
		return err
	}
	if ev.NetAmount < 200 {
		return nil
	}
	switch s.rng.IntN(3) {
	case 0:
		_, err = s.app.Expenses.Refund(ctx, s.staff, expense.RefundRequest{OspID: osp, Remark: "Ticket geannuleerd: volledige terugbetaling"})
	case 1:
		part := money.Amount(ev.NetAmount / 2)
		_, err = s.app.Expenses.Refund(ctx, s.staff, expense.RefundRequest{OspID: osp, Amount: &part, Remark: "Gedeeltelijke terugbetaling"})
	default:
		_, err = s.app.Expenses.Correct(ctx, s.staff, expense.CorrectRequest{OspID: osp, Amount: money.Amount(150 + s.rng.Int64N(600)),
			Remark: "Correctie: toeslag niet meegerekend"})
	}
	var e *apperr.Error
	if expected(err) || (errors.As(err, &e) && e.Label == expense.LabelNothingToRefund) {
		return nil
	}
	return err
}

const (
	importCreate = "firstname;lastname;email;login;language;employeeNumber\n" +
		"Wim;Hermans;wim.hermans@example.com;wim.hermans;nl;I0001\n" +
		"Laura;Vermeulen;laura.vermeulen@example.com;laura.vermeulen;nl;I0002\n" +
		"Claire;Simon;claire.simon@example.com;claire.simon;fr;I0003\n" +
		"Arthur;De Smet;arthur.desmet@example.com;arthur.desmet;nl;I0004\n" +
		"Mila;Laurent;mila.laurent@example.com;mila.laurent;en;I0005\n"
	importUpdate = "login;msisdn\n" +
		"wim.hermans;+32470111201\n" +
		"laura.vermeulen;+32470111202\n" +
		"claire.simon;+32470111203\n"
	importGlobex = "firstname;lastname;email;login;language\n" +
		"Noah;Lemaire;noah.lemaire@example.com;noah.lemaire;fr\n" +
		"Louise;Martin;louise.martin@example.com;louise.martin;fr\n" +
		"Lucas;Willems;lucas.willems@example.com;lucas.willems;nl\n"
)

// importUsers uploads, checks and processes a file, as the import screen does.
func (s *story) importUsers(ctx context.Context, p *access.Principal, company, kind, name, content string) error {
	up, err := s.app.Users.Upload(ctx, p, user.UploadInput{CorporateAccountOspID: company, Kind: kind, Filename: name,
		Content: []byte(content), SendCredentials: "false"})
	if err != nil {
		return fmt.Errorf("import %s: %w", name, err)
	}
	rep, err := s.app.Users.ValidateImport(ctx, p, up.UploadID)
	if err != nil {
		return fmt.Errorf("import %s: %w", name, err)
	}
	if len(rep.Errors) > 0 {
		return fmt.Errorf("import %s: %v", name, rep.Errors)
	}
	if _, err := s.app.Users.ProcessImport(ctx, p, up.UploadID); err != nil {
		return fmt.Errorf("import %s: %w", name, err)
	}
	return nil
}

// leave switches a user's budgets off and the user: now, or on a planned
// day that the jobs runner carries out.
func (s *story) leave(ctx context.Context, login, on string) error {
	osp := s.users[login]
	if on == "" {
		s.gone[login] = s.today()
		bs, err := s.app.Budgets.ByOwner(ctx, s.acme, budget.ByOwnerRequest{OwnerOspID: osp})
		if err != nil {
			return err
		}
		for _, b := range bs {
			if _, err := s.app.Budgets.SetActive(ctx, s.acme, b.OspID, false); err != nil {
				return fmt.Errorf("budget of %s: %w", login, err)
			}
		}
		_, err = s.app.Users.Deactivate(ctx, s.acme, user.DeactivateRequest{OspID: osp, When: user.WhenNow})
		return err
	}
	s.gone[login] = on
	_, err := s.app.Users.Deactivate(ctx, s.acme, user.DeactivateRequest{OspID: osp, When: user.WhenOnDate, Date: on})
	return err
}

// lockOut makes a new Acme admin who then mistypes the password until
// the portal blocks the account.
func (s *story) lockOut(ctx context.Context) error {
	_, err := s.app.Users.CreateManager(ctx, s.acme, user.CreateManagerRequest{CorporateAccount: user.Ref{OspID: AcmeOspID},
		UserData: user.UserData{Firstname: "Bram", Lastname: "Blocked", Email: "acme.blocked@example.com", Login: "acme.blocked", Language: "nl"},
		Roles:    []access.Role{access.ReportingManager}, SendCredentials: ptr(false)})
	if err != nil {
		return fmt.Errorf("acme.blocked: %w", err)
	}
	id, err := s.app.Users.IDByLogin(ctx, "acme.blocked")
	if err != nil {
		return err
	}
	if err := s.app.Auth.SetPassword(ctx, id, DemoPassword); err != nil {
		return err
	}
	wrong := sha256.Sum256([]byte("not-the-password"))
	for i := 0; i < auth.MaxFailedLogins; i++ {
		_, err := s.app.Auth.Login(ctx, auth.LoginRequest{Username: "acme.blocked", Passdigest: hex.EncodeToString(wrong[:])}, "192.0.2.10")
		if err == nil {
			return errors.New("acme.blocked signed in with a wrong password")
		}
	}
	return nil
}

// bonus books a one-off manual top-up and redeems a promo code.
func (s *story) bonus(ctx context.Context) error {
	for _, sp := range s.spenders {
		switch sp.login {
		case "emma.claes":
			if _, err := s.app.Budgets.AddForUser(ctx, s.acme, budget.AddForUserRequest{BudgetOspID: sp.budget, Amount: *eur(250),
				Description: "Bonus: fietsactie"}); err != nil {
				return err
			}
		case "julie.wouters":
			if _, err := s.app.Budgets.Redeem(ctx, s.acme, budget.RedeemRequest{PromoCode: "WELKOM25", BudgetOspID: sp.budget}); err != nil {
				return err
			}
		}
	}
	return nil
}
