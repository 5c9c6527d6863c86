package resource_test

import (
	"context"
	"fmt"
	"math/rand"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/google/uuid"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// catalogue is the demo with n generated resources (BENCH_RESOURCES,
// default 50,000) of every kind, five MRP partners and twenty labels, on
// dialect d, and the MSP admin's token.
func catalogue(b *testing.B, d database.Dialect) (http.Handler, string) {
	b.Helper()
	n := 50000
	if v := os.Getenv("BENCH_RESOURCES"); v != "" {
		fmt.Sscan(v, &n)
	}
	e := testkit.EnvOn(b, testkit.NewDB(b, d))
	if err := generate(context.Background(), e.DB, n); err != nil {
		b.Fatal(err)
	}
	return e.Handler, e.LoginAs("msp.admin")
}

var (
	benchKinds  = []string{"service", "transport", "parking", "bike", "car", "rental", "gasstation"}
	benchModes  = map[string]string{"service": "TRAIN", "transport": "BUS_TRAM_METRO", "parking": "PARKING", "bike": "BIKE", "car": "CAR", "rental": "CAR", "gasstation": "FUEL"}
	benchBrands = []string{"Interparking", "Blue-bike", "Cambio", "Avis", "Q8", "TotalEnergies", "De Lijn", "STIB", "TEC", "NMBS", "Poppy", "Indigo"}
	benchCities = []string{"Gent", "Brussel", "Antwerpen", "Leuven", "Brugge", "Liège", "Namur", "Mechelen", "Hasselt", "Kortrijk", "Charleroi", "Mons"}
	benchPlaces = []string{"Centrum", "Station", "Zuid", "Noord", "Markt", "Haven", "Campus", "Ring", "Kaai", "Plein"}
)

// generate inserts n resources in batches of 500 rows, links about a third
// of them to labels, and vacuums and analyses the tables (PostgreSQL's
// autovacuum is off on these machines: plans made on empty tables would
// stay, and no index-only scan happens without a visibility map).
func generate(ctx context.Context, db *database.DB, n int) error {
	if err := insertCatalogue(ctx, db, n); err != nil {
		return err
	}
	if db.Dialect == database.Postgres {
		_, err := db.Exec(ctx, `VACUUM ANALYZE`)
		return err
	}
	// SQLite: the statistics, and the loaded rows moved from the WAL into
	// the database file, as a running portal's checkpoints would have
	for _, stmt := range []string{`ANALYZE`, `PRAGMA wal_checkpoint(TRUNCATE)`} {
		if _, err := db.Exec(ctx, stmt); err != nil {
			return err
		}
	}
	return nil
}

func insertCatalogue(ctx context.Context, db *database.DB, n int) error {
	rng := rand.New(rand.NewSource(42))
	now := database.Now(testkit.Start)
	return db.WithTx(ctx, func(ctx context.Context) error {
		var partners []int64
		for i := 0; i < 5; i++ {
			id, err := db.Insert(ctx, `INSERT INTO partners (osp_id, name, ext_id, partner_type, active, created_at) VALUES (?, ?, ?, 'MRP', TRUE, ?) RETURNING id`,
				uuid.NewString(), fmt.Sprintf("Bench MRP %d", i), fmt.Sprintf("BENCH-MRP-%d", i), now)
			if err != nil {
				return err
			}
			partners = append(partners, id)
		}
		var labels []int64
		for i := 0; i < 20; i++ {
			id, err := db.Insert(ctx, `INSERT INTO resource_labels (osp_id, default_value, active, created_at, updated_at) VALUES (?, ?, TRUE, ?, ?) RETURNING id`,
				fmt.Sprintf("bench-label-%d", i), fmt.Sprintf("Bench label %d", i), now, now)
			if err != nil {
				return err
			}
			labels = append(labels, id)
		}
		const cols = "(osp_id, kind, ext_id, name, description, active, mrp_partner_id, mobility_mode, street, street_number, zip_code, city, latitude, longitude, capacity, car_category, number_of_pumps, created_at, updated_at)"
		for start := 0; start < n; start += 500 {
			end := min(start+500, n)
			var rows []string
			var args []any
			for i := start; i < end; i++ {
				kind := benchKinds[i%len(benchKinds)]
				city := benchCities[rng.Intn(len(benchCities))]
				name := fmt.Sprintf("%s %s %s %05d", benchBrands[rng.Intn(len(benchBrands))], city, benchPlaces[rng.Intn(len(benchPlaces))], i)
				var lat, lng, capacity, category, pumps any
				if kind != "service" {
					lat, lng = 49.5+rng.Float64()*2, 2.6+rng.Float64()*3.5
				}
				switch kind {
				case "parking", "bike":
					capacity = 10 + rng.Intn(900)
				case "rental":
					category = "COMPACT"
				case "gasstation":
					pumps = 1 + rng.Intn(12)
				}
				rows = append(rows, "(?, ?, ?, ?, '', ?, ?, ?, 'Straat', '1', '9000', ?, ?, ?, ?, ?, ?, ?, ?)")
				args = append(args, fmt.Sprintf("bench-%06d", i), kind, fmt.Sprintf("B%06d", i), name, i%10 != 0,
					partners[rng.Intn(len(partners))], benchModes[kind], city, lat, lng, capacity, category, pumps, now, now)
			}
			if _, err := db.Exec(ctx, `INSERT INTO resources `+cols+` VALUES `+strings.Join(rows, ", "), args...); err != nil {
				return err
			}
		}
		_, err := db.Exec(ctx, `INSERT INTO resource_label_links (resource_id, label_id)
			SELECT r.id, l.id FROM resources r JOIN resource_labels l ON l.id = (SELECT MIN(id) FROM resource_labels) + r.id % 20
			WHERE r.id % 3 = 0`)
		return err
	})
}

// BenchmarkGetByFilter: resource/getByFilter over 50,000 resources of
// every kind, as an MSP admin, through the handler (aim: p99 under 20 ms):
// pages of the whole list by name, 3-letter and longer searches on name or
// extId, kind with active and mobility mode, a label, a partner, a sort by
// extId, and pages of 100. SQLite always; PostgreSQL too where
// PORTAL_TEST_POSTGRES_URL is set.
func BenchmarkGetByFilter(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			h, token := catalogue(b, d)
			searches := []string{"gent", "interparking", "q8 g", "blue", "B01234", "stat", "liège", "cambio brussel", "xyz", "0042"}
			cases := []struct {
				name string
				body func(rng *rand.Rand) string
			}{
				{"page", func(rng *rand.Rand) string {
					return fmt.Sprintf(`{"pagination":{"page":%d,"size":20}}`, 1+rng.Intn(200))
				}},
				{"search", func(rng *rand.Rand) string {
					return `{"search":"` + searches[rng.Intn(len(searches))] + `","pagination":{"page":1,"size":20}}`
				}},
				{"kind-active-mode", func(rng *rand.Rand) string {
					k := benchKinds[rng.Intn(len(benchKinds))]
					return fmt.Sprintf(`{"kinds":["%s"],"active":true,"mobilityMode":"%s","pagination":{"page":%d,"size":20}}`, k, benchModes[k], 1+rng.Intn(20))
				}},
				{"label", func(rng *rand.Rand) string {
					return fmt.Sprintf(`{"labelOspId":"bench-label-%d","pagination":{"page":%d,"size":20}}`, rng.Intn(20), 1+rng.Intn(10))
				}},
				{"search-kind", func(rng *rand.Rand) string {
					return fmt.Sprintf(`{"search":"%s","kinds":["parking","gasstation"],"pagination":{"page":1,"size":20}}`, benchCities[rng.Intn(len(benchCities))])
				}},
				{"sort-extId", func(rng *rand.Rand) string {
					return fmt.Sprintf(`{"pagination":{"page":%d,"size":20,"sortOrders":[{"property":"extId","direction":"DESC"}]}}`, 1+rng.Intn(100))
				}},
				{"page100", func(rng *rand.Rand) string {
					return fmt.Sprintf(`{"pagination":{"page":%d,"size":100}}`, 1+rng.Intn(50))
				}},
			}
			for _, c := range cases {
				b.Run(c.name, func(b *testing.B) { testkit.Latency(b, h, token, v1+"/resource/getByFilter", 10, c.body) })
			}
		})
	}
}
