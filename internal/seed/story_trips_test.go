package seed_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/trip"
)

// assertTrips: the year's trips (issue 13), read through the trip and
// budget services. Acme compensates bike, walking and home work, Globex
// business trips by private car; every closed month's approved
// registrations were paid once, as one trip-compensation top-up on the
// user's commuting budget booked on the next month's first day and equal
// to their sum; the current month waits (registered or approved, none
// paid); nothing lies in the future; Jan moved; Julie's own rate has a
// taxable part; and one Acme app user has no trip settings at all.
func assertTrips(t *testing.T, ctx context.Context, db *database.DB, app *server.App, now time.Time) {
	t.Helper()
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	today := clock.Today(now)
	current := clock.MonthOf(now)
	start := current.Add(-seed.StoryMonths)

	acme, err := app.Trips.CompanyCompensation(ctx, staff, seed.AcmeOspID)
	if err != nil {
		t.Fatal(err)
	}
	wantAcme := trip.TravelCompensation{CorporateAccountOspID: seed.AcmeOspID, CommuteBikeEnabled: true, CommuteWalkingEnabled: true,
		HomeWorkEnabled: true, HomeWorkDailyAllowance: seed.AcmeHomeWorkPerDay, CarCommuteCompensationType: trip.PerKilometer,
		CommuteBikeCompensationPerKm: seed.AcmeBikePerKm, CommuteWalkingCompensationPerKm: seed.AcmeWalkPerKm,
		AllowDistancesConfiguredByUser: true}
	if *acme != wantAcme {
		t.Errorf("Acme's trip configuration:\n got %+v\nwant %+v", *acme, wantAcme)
	}
	if acme.CommuteBikeCompensationPerKm != 270_000 || acme.HomeWorkDailyAllowance != 270 || acme.PayBikeAllowanceViaMobilityBudget {
		t.Errorf("Acme pays %d µ€/km by bike, %d cents a home-work day, via mobility %v", acme.CommuteBikeCompensationPerKm,
			acme.HomeWorkDailyAllowance, acme.PayBikeAllowanceViaMobilityBudget)
	}
	globex, err := app.Trips.CompanyCompensation(ctx, staff, seed.GlobexOspID)
	if err != nil {
		t.Fatal(err)
	}
	wantGlobex := trip.TravelCompensation{CorporateAccountOspID: seed.GlobexOspID, BusinessTripsEnabled: true,
		BusinessTripCarType: trip.ModePrivateCar, CarCommuteCompensationType: trip.PerKilometer,
		BusinessTripPrivateCarCompensationPerKm: 441_500}
	if *globex != wantGlobex {
		t.Errorf("Globex's trip configuration:\n got %+v\nwant %+v", *globex, wantGlobex)
	}

	var rejected, waiting, registered int
	paidMonths := map[string]map[string]bool{} // company → months paid to anyone
	for _, login := range seed.TripUsers {
		osp := loginOspID(t, ctx, app, login)
		regs := allRegistrations(t, ctx, app, staff, trip.RegistrationFilter{UserOspID: osp})
		if len(regs) < 20 {
			t.Errorf("%s has %d trip registrations", login, len(regs))
		}
		// registrations per closed month: their sum and ledger row
		type paid struct {
			sum int64
			txs map[string]bool
		}
		months := map[string]*paid{}
		for _, r := range regs {
			month := strings.ReplaceAll(r.Date[:7], "-", "")
			m, _ := clock.ParseMonth(month)
			if r.Date > today || m.Index() < start.Index() {
				t.Errorf("%s's registration of %s lies outside the story (%s to %s)", login, r.Date, start.FirstDay(), today)
			}
			if r.Compensation <= 0 {
				t.Errorf("%s's registration of %s earns %d cents", login, r.Date, r.Compensation)
			}
			if r.Status == trip.StatusRejected {
				rejected++
				continue
			}
			if m.Index() == current.Index() {
				if r.Status == trip.StatusPaid || r.PaidMonth != "" || r.BudgetTransactionOspID != "" {
					t.Errorf("%s's registration of %s in the current month is paid: %+v", login, r.Date, r)
				}
				waiting++
				if r.Status == trip.StatusRegistered {
					registered++
				}
				continue
			}
			if r.Status != trip.StatusPaid || r.PaidMonth != month || r.BudgetTransactionOspID == "" {
				t.Errorf("%s's registration of %s in a closed month: %s, paid month %q, ledger row %q", login, r.Date, r.Status,
					r.PaidMonth, r.BudgetTransactionOspID)
				continue
			}
			p := months[month]
			if p == nil {
				p = &paid{txs: map[string]bool{}}
				months[month] = p
			}
			p.sum += r.Compensation
			p.txs[r.BudgetTransactionOspID] = true
			if paidMonths[r.CorporateAccountOspID] == nil {
				paidMonths[r.CorporateAccountOspID] = map[string]bool{}
			}
			paidMonths[r.CorporateAccountOspID][month] = true
		}
		// the commuting budget's ledger: one trip-compensation top-up per
		// paid month, booked on the next month's first day, for the sum
		page, err := app.Budgets.Transactions(ctx, staff, budget.TransactionFilter{UserOspID: osp, Types: []string{budget.TxTopup},
			BudgetType: budget.TypeCommuting, Pagination: paging.Pagination{Page: 1, Size: paging.MaxPageSize}})
		if err != nil {
			t.Fatal(err)
		}
		topups := map[string]budget.Transaction{}
		for _, tx := range page.Content {
			month, ok := strings.CutPrefix(tx.Description, "trip compensation ")
			if !ok {
				continue
			}
			if _, twice := topups[month]; twice {
				t.Errorf("%s's month %s paid twice", login, month)
			}
			topups[month] = tx
		}
		if len(topups) != len(months) {
			t.Errorf("%s: %d trip-compensation top-ups for %d paid months", login, len(topups), len(months))
		}
		for month, p := range months {
			tx, ok := topups[month]
			m, _ := clock.ParseMonth(month)
			switch {
			case !ok:
				t.Errorf("%s: no trip-compensation top-up for %s", login, month)
			case len(p.txs) != 1 || !p.txs[tx.OspID]:
				t.Errorf("%s's registrations of %s name ledger rows %v, the top-up is %s", login, month, p.txs, tx.OspID)
			case tx.Amount != p.sum:
				t.Errorf("%s's top-up for %s: %d cents, the registrations sum to %d", login, month, tx.Amount, p.sum)
			case tx.BookingDate != m.Next().FirstDay() || tx.BudgetType != budget.TypeCommuting:
				t.Errorf("%s's top-up for %s booked on %s on a %s budget", login, month, tx.BookingDate, tx.BudgetType)
			}
		}
		// the commuters commute in every month of the year
		if login == "jan.peeters" || login == "emma.claes" || login == "julie.wouters" {
			if len(months) != seed.StoryMonths {
				t.Errorf("%s was paid for %d months, want %d", login, len(months), seed.StoryMonths)
			}
		}
		assertTripDetails(t, login, regs)
	}
	for company, months := range paidMonths {
		if len(months) != seed.StoryMonths {
			t.Errorf("company %s had trips paid in %d months, want %d", company, len(months), seed.StoryMonths)
		}
	}
	if len(paidMonths) != 2 {
		t.Errorf("trips paid in %d companies, want Acme and Globex", len(paidMonths))
	}
	if rejected == 0 || waiting == 0 || registered == 0 || registered == waiting {
		t.Errorf("%d rejected, %d waiting in the current month of which %d registered (want some of each, and some approved)",
			rejected, waiting, registered)
	}

	// Jan moved: two distances in his history
	jan, err := app.Trips.Distances(ctx, staff, loginOspID(t, ctx, app, "jan.peeters"))
	if err != nil || len(jan.History) != 2 || jan.Current == nil || jan.Current.Distance != 6_800 || jan.History[1].Distance != 4_200 {
		t.Errorf("Jan's distances: %+v %v", jan, err)
	}

	// the Acme app user left for the browser tests has nothing
	free := loginOspID(t, ctx, app, seed.TripFreeAcmeUser)
	if regs := allRegistrations(t, ctx, app, staff, trip.RegistrationFilter{UserOspID: free}); len(regs) != 0 {
		t.Errorf("%s has %d registrations", seed.TripFreeAcmeUser, len(regs))
	}
	dist, err := app.Trips.Distances(ctx, staff, free)
	if err != nil || len(dist.History) != 0 {
		t.Errorf("%s's distances: %+v %v", seed.TripFreeAcmeUser, dist, err)
	}
	st, err := app.Trips.Status(ctx, staff, trip.StatusRequest{ID: free})
	// the defaults: the company's commute modes, no distance, no home work
	if err != nil || strings.Join(st.CommuteModes, ",") != "BIKE,WALK" || st.Distance != 0 || st.HomeWorkAllowed || len(st.BusinessTripModes) != 0 {
		t.Errorf("%s's trip status: %+v %v", seed.TripFreeAcmeUser, st, err)
	}
	cc, err := app.Trips.CommuteCompensation(ctx, staff, free)
	if err != nil || cc.CommuteBikeCompensationPerKm != nil || cc.CommuteWalkingCompensationPerKm != nil || cc.CarCommuteCompensationType != nil {
		t.Errorf("%s's commute overrides: %+v %v", seed.TripFreeAcmeUser, cc, err)
	}
	var settings int
	if err := db.Get(ctx, &settings, `SELECT (SELECT COUNT(*) FROM user_trip_settings s JOIN users u ON u.id = s.user_id WHERE u.login = ?)
		+ (SELECT COUNT(*) FROM commute_distances d JOIN users u ON u.id = d.user_id WHERE u.login = ?)`,
		seed.TripFreeAcmeUser, seed.TripFreeAcmeUser); err != nil || settings != 0 {
		t.Errorf("%s has %d trip settings rows (%v)", seed.TripFreeAcmeUser, settings, err)
	}
}

// assertTripDetails checks what each traveller's registrations show.
func assertTripDetails(t *testing.T, login string, regs []trip.Registration) {
	t.Helper()
	kinds := map[string]int{}
	distances := map[int]int{}
	var taxable int64
	for _, r := range regs {
		kinds[r.Kind+"/"+r.Mode]++
		taxable += r.Taxable
		if r.Kind == trip.KindCommute {
			distances[r.Distance]++
		}
		if r.Kind == trip.KindBusiness && (r.TaxFreeRate == nil || r.Rate == nil || *r.Rate != seed.GlobexPrivateCarPerKm) {
			t.Errorf("%s's business trip of %s: rate %s, tax-free rate %s", login, r.Date, show(r.Rate), show(r.TaxFreeRate))
		}
	}
	switch login {
	case "jan.peeters":
		// by bike and at home; 4.2 km before the move, 6.8 km after
		if kinds["COMMUTE/BIKE"] == 0 || kinds["HOME_WORK/"] == 0 || len(kinds) != 2 || distances[4_200] == 0 || distances[6_800] == 0 ||
			len(distances) != 2 || taxable != 0 {
			t.Errorf("Jan's registrations: %v, distances %v, taxable %d", kinds, distances, taxable)
		}
	case "emma.claes":
		// on foot, her own distance (1.9 km; the admin's is 1.7 km)
		if kinds["COMMUTE/WALK"] == 0 || kinds["HOME_WORK/"] == 0 || len(kinds) != 2 || len(distances) != 1 || distances[1_900] == 0 || taxable != 0 {
			t.Errorf("Emma's registrations: %v, distances %v, taxable %d", kinds, distances, taxable)
		}
	case "julie.wouters":
		// €0.40/km against the tax-free €0.35: 9.5 km earns 380 cents, 47 taxable (380 - 332.5 rounded up)
		for _, r := range regs {
			if r.Kind != trip.KindCommute || r.Mode != trip.ModeBike || r.Compensation != 380 || r.Taxable != 47 {
				t.Errorf("Julie's registration: %+v", r)
				break
			}
		}
	case "lena.maes", "bart.jacobs":
		// business trips by private car only, below the tax-free rate all year
		if kinds["BUSINESS/PRIVATE_CAR"] == 0 || len(kinds) != 1 || taxable != 0 {
			t.Errorf("%s's registrations: %v, taxable %d", login, kinds, taxable)
		}
	}
}

// allRegistrations pages through a filter's registrations.
func allRegistrations(t *testing.T, ctx context.Context, app *server.App, p *access.Principal, f trip.RegistrationFilter) []trip.Registration {
	t.Helper()
	var out []trip.Registration
	for page := 1; ; page++ {
		f.Pagination = paging.Pagination{Page: page, Size: paging.MaxPageSize}
		pg, err := app.TripRegistrations.Filter(ctx, p, f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, pg.Content...)
		if len(pg.Content) == 0 || len(out) >= pg.TotalElements {
			return out
		}
	}
}

func show(p *int64) string {
	if p == nil {
		return "none"
	}
	return strconv.FormatInt(*p, 10)
}
