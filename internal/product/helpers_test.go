package product_test

import (
	"context"
	"maps"
	"net/http"
	"slices"
	"sync"
	"testing"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/product"
	"mobility/portal/internal/testkit"
)

const base = "/portal-service/v1/product"

// catalog stands in for internal/resource's read model: resources and
// groups by ospId, and each group's members.
type catalog struct {
	mu      sync.Mutex
	refs    map[string]product.ResourceRef
	members map[string][]string
	asked   int // questions asked, to prove batching
	nextID  int64
}

func newCatalog() *catalog {
	return &catalog{refs: map[string]product.ResourceRef{}, members: map[string][]string{}}
}

func (c *catalog) add(osp, kind, name string, active bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	mode := "TRAIN"
	mrp := "44444444-4444-4444-8444-444444444444"
	if kind == product.KindResourceGroup {
		mode, mrp = "", ""
	}
	id := c.refs[osp].ID
	if id == 0 {
		c.nextID++
		id = c.nextID
	}
	c.refs[osp] = product.ResourceRef{ID: id, OspID: osp, Kind: kind, Name: name, MobilityMode: mode,
		MrpPartnerOspID: mrp, Active: active}
}

// other adds a resource of a kind a composition does not hold (a parking
// lot), which groups may still contain.
func (c *catalog) other(osp, name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.nextID++
	c.refs[osp] = product.ResourceRef{ID: c.nextID, OspID: osp, Kind: "PARKING", Name: name, Active: true}
}

func (c *catalog) setActive(osp string, active bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.refs[osp]
	r.Active = active
	c.refs[osp] = r
}

func (c *catalog) Active(_ context.Context, kind string, ospIDs []string) (map[string]product.ResourceRef, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked++
	out := map[string]product.ResourceRef{}
	for _, id := range ospIDs {
		if r, ok := c.refs[id]; ok && r.Kind == kind && r.Active {
			out[id] = r
		}
	}
	return out, nil
}

func (c *catalog) ByIDs(_ context.Context, kind string, ids []int64) (map[int64]product.ResourceRef, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked++
	out := map[int64]product.ResourceRef{}
	for _, r := range c.refs {
		if r.Kind == kind && slices.Contains(ids, r.ID) {
			out[r.ID] = r
		}
	}
	return out, nil
}

// GroupMembers answers the active members of the active groups, as
// resource's read model does.
func (c *catalog) GroupMembers(_ context.Context, groupIDs []int64) (map[int64][]string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[int64][]string{}
	for osp, g := range c.refs {
		if g.Kind != product.KindResourceGroup || !g.Active || !slices.Contains(groupIDs, g.ID) {
			continue
		}
		for _, m := range c.members[osp] {
			if c.refs[m].Active {
				out[g.ID] = append(out[g.ID], m)
			}
		}
	}
	return out, nil
}

// defaults stands in for productaccess's users' default products.
type defaults struct {
	mu sync.Mutex
	n  map[int64]int
}

func (d *defaults) UsersWithDefault(_ context.Context, id int64) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.n[id], nil
}

func (d *defaults) set(id int64, n int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.n[id] = n
}

// assignments stands in for productaccess's company and group selections.
type assignments struct {
	companies map[int64][]int64
	groups    map[int64][]int64
}

func (a *assignments) CompanyProductIDs(_ context.Context, id int64) ([]int64, error) {
	return a.companies[id], nil
}

func (a *assignments) GroupProductIDs(_ context.Context, id int64) ([]int64, error) {
	return a.groups[id], nil
}

// world is an Env with the fakes wired.
type world struct {
	*testkit.Env
	cat    *catalog
	def    *defaults
	assign *assignments
	staff  string
}

func newWorld(t *testing.T, e *testkit.Env) *world {
	w := &world{Env: e, cat: newCatalog(), def: &defaults{n: map[int64]int{}},
		assign: &assignments{companies: map[int64][]int64{}, groups: map[int64][]int64{}}}
	e.App.Products.Wire(product.Wiring{Resources: w.cat, Defaults: w.def, Assignments: w.assign})
	w.staff = e.LoginAs("ospadmin")
	return w
}

// create makes a product as platform staff.
func (w *world) create(t *testing.T, ext, label, mode string, extra map[string]any) product.Product {
	t.Helper()
	body := map[string]any{"extId": ext, "mobilityMode": mode, "productLabel": map[string]any{"defaultValue": label}}
	maps.Copy(body, extra)
	res := w.Post(base+"/create", w.staff, body)
	testkit.MustStatus(t, res, http.StatusOK)
	var p product.Product
	res.JSON(t, &p)
	return p
}

func (w *world) id(t *testing.T, osp string) int64 {
	t.Helper()
	refs, err := w.App.Products.Refs(t.Context(), []string{osp})
	if err != nil || refs[osp].ID == 0 {
		t.Fatalf("product %s: %v %v", osp, refs, err)
	}
	return refs[osp].ID
}

func (w *world) count(t *testing.T, table string) int {
	t.Helper()
	var n int
	if err := w.DB.Get(t.Context(), &n, `SELECT COUNT(*) FROM `+table); err != nil {
		t.Fatal(err)
	}
	return n
}

func errBody(t *testing.T, res *testkit.Response) (string, []apperr.FieldError) {
	t.Helper()
	var b struct {
		ErrorLabel string              `json:"errorLabel"`
		Errors     []apperr.FieldError `json:"errors"`
	}
	res.JSON(t, &b)
	return b.ErrorLabel, b.Errors
}

func firstField(t *testing.T, res *testkit.Response) string {
	t.Helper()
	_, f := errBody(t, res)
	if len(f) == 0 {
		return ""
	}
	return f[0].Field
}

func labels(ps []product.Product) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ProductLabel.DefaultValue
	}
	return out
}

func elementIDs(es []product.Element) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.OspID
	}
	return out
}
