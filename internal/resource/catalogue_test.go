package resource_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mobility/portal/internal/resource"
	"mobility/portal/internal/testkit"
)

// Fees keep their order and fields; a recurring fee shows its next five
// occurrences in Brussels time from the (test) clock, across the change to
// winter time; the cron check call answers the same, or why not.
func TestFeesAndSchedules(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		fees := []any{
			map[string]any{"feeType": "FIXED", "amount": 4500, "vatPercent": 21, "cron": "0 0 1 * *", "proRata": true, "onUserBudget": false,
				"description": "Monthly subscription"},
			map[string]any{"feeType": "VARIABLE", "amount": 35, "unit": "KWH", "vatPercent": 5.5, "proRata": false, "onUserBudget": true},
		}
		r := c.create("parking", map[string]any{"fees": fees})
		got := list(r, "fees")
		if len(got) != 2 {
			t.Fatalf("fees: %v", got)
		}
		f0, f1 := got[0].(map[string]any), got[1].(map[string]any)
		if f0["amount"] != float64(4500) || f0["proRata"] != true || f0["onUserBudget"] != false || f0["unit"] != "" ||
			f0["description"] != "Monthly subscription" || f0["vatPercent"] != float64(21) {
			t.Fatalf("fixed fee: %v", f0)
		}
		want := []any{"2026-12-01T00:00:00+01:00", "2027-01-01T00:00:00+01:00", "2027-02-01T00:00:00+01:00",
			"2027-03-01T00:00:00+01:00", "2027-04-01T00:00:00+02:00"}
		if !slices.Equal(list(f0, "nextOccurrences"), want) {
			t.Fatalf("next occurrences: %v", f0["nextOccurrences"])
		}
		if f1["unit"] != "KWH" || f1["vatPercent"] != 5.5 || len(list(f1, "nextOccurrences")) != 0 {
			t.Fatalf("variable fee: %v", f1)
		}
		var bp int64
		if err := e.DB.Get(t.Context(), &bp, `SELECT vat_basis_points FROM resource_fees WHERE position = 1`); err != nil || bp != 550 {
			t.Fatalf("VAT stored as basis points: %d %v", bp, err)
		}
		// an update replaces the fees
		up := c.body("parking", map[string]any{"ospId": osp(r), "extId": r["extId"], "fees": fees[1:]})
		if u := c.ok(c.staff, "/resource/parking/update", up); len(list(u, "fees")) != 1 {
			t.Fatalf("fees after update: %v", u["fees"])
		}

		check := func(token, cron string) map[string]any {
			return c.ok(token, "/resource/fee/cron/check", map[string]any{"cron": cron})
		}
		if ok := check(c.acme, "@weekly"); ok["valid"] != true || len(list(ok, "nextOccurrences")) != 5 ||
			list(ok, "nextOccurrences")[0] != "2026-11-22T00:00:00+01:00" || ok["message"] != "" {
			t.Fatalf("weekly: %v", ok)
		}
		if bad := check(c.staff, "*/5 * * * *"); bad["valid"] != false || bad["message"] != "Schedule (cron) may occur at most once an hour" ||
			len(list(bad, "nextOccurrences")) != 0 {
			t.Fatalf("too often: %v", bad)
		}
		if bad := check(c.msp, "0 0 31 2 *"); bad["valid"] != false || !strings.Contains(bad["message"].(string), "nooit") {
			t.Fatalf("never (nl): %v", bad)
		}
		if bad := check(c.staff, "61 * * * *"); bad["valid"] != false || !strings.Contains(bad["message"].(string), "five fields") {
			t.Fatalf("syntax: %v", bad)
		}
	})
}

// Labels: translated in en, nl, fr and de, each language once, a unique
// default value; a deactivated label leaves the resources' labels and can
// no longer be given; a deleted one is gone and its name free again.
func TestLabels(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		l := c.label("Electric", "en", "Electric", "nl", "Elektrisch", "fr", "Électrique", "de", "Elektrisch")
		if len(list(l, "labelTranslations")) != 4 || l["text"] != "Electric" || l["active"] != true {
			t.Fatalf("label: %v", l)
		}
		if got := c.ok(c.msp, "/resource/label/get", map[string]any{"ospId": osp(l)}); got["text"] != "Elektrisch" {
			t.Fatalf("text in nl: %v", got)
		}
		res := c.refused(c.staff, "/resource/label/create", map[string]any{"defaultValue": "Twice", "labelTranslations": []any{
			map[string]string{"languageCode": "nl", "text": "a"}, map[string]string{"languageCode": "nl", "text": "b"}}},
			http.StatusBadRequest, "VALIDATION_FAILED")
		if f := res.FieldErrors(t); f["labelTranslations[1].languageCode"] == "" {
			t.Fatalf("language twice: %v", f)
		}
		for _, body := range []map[string]any{
			{"defaultValue": "", "labelTranslations": []any{}},
			{"defaultValue": "electric", "labelTranslations": []any{}}, // unique, whatever the case
			{"defaultValue": "X", "labelTranslations": []any{map[string]string{"languageCode": "es", "text": "x"}}},
			{"defaultValue": "X", "labelTranslations": []any{map[string]string{"languageCode": "en", "text": ""}}},
			{"defaultValue": "X", "labelTranslations": slices.Repeat([]any{map[string]string{"languageCode": "en", "text": "x"}}, 5)},
		} {
			c.refused(c.staff, "/resource/label/create", body, http.StatusBadRequest, "VALIDATION_FAILED")
		}
		if n := c.count("resource_labels"); n != 1 {
			t.Fatalf("refused labels were written: %d", n)
		}
		u := c.ok(c.staff, "/resource/label/update", map[string]any{"ospId": osp(l), "defaultValue": "Electric car",
			"labelTranslations": []any{map[string]string{"languageCode": "nl", "text": "Elektrische auto"}}})
		if u["defaultValue"] != "Electric car" || len(list(u, "labelTranslations")) != 1 {
			t.Fatalf("updated: %v", u)
		}
		r := c.create("car", map[string]any{"labelOspIds": []string{osp(l)}})
		if ls := list(r, "labels"); len(ls) != 1 {
			t.Fatalf("resource labels: %v", ls)
		}
		if p := c.ok(c.staff, "/resource/label/getByFilter", map[string]any{"search": "elektrische"}); p["totalElements"] != float64(1) ||
			list(p, "content")[0].(map[string]any)["resourceCount"] != float64(1) {
			t.Fatalf("filter by translation: %v", p)
		}
		c.ok(c.staff, "/resource/label/deactivate", map[string]any{"ospId": osp(l)})
		if got := c.ok(c.staff, "/resource/car/get", map[string]any{"ospId": osp(r)}); len(list(got, "labels")) != 0 {
			t.Fatalf("an inactive label is shown: %v", got["labels"])
		}
		c.refused(c.staff, "/resource/car/create", c.body("car", map[string]any{"labelOspIds": []string{osp(l)}}), http.StatusBadRequest, "VALIDATION_FAILED")
		if got := c.ok(c.staff, "/resource/label/activate", map[string]any{"ospId": osp(l)}); got["active"] != true {
			t.Fatalf("activated: %v", got)
		}
		testkit.MustStatus(t, c.post(c.staff, "/resource/label/delete", map[string]any{"ospId": osp(l)}), http.StatusNoContent)
		c.refused(c.staff, "/resource/label/get", map[string]any{"ospId": osp(l)}, http.StatusNotFound, "NOT_FOUND")
		if got := c.ok(c.staff, "/resource/car/get", map[string]any{"ospId": osp(r)}); len(list(got, "labels")) != 0 {
			t.Fatalf("a deleted label is shown: %v", got["labels"])
		}
		c.label("Electric car") // the name is free again
	})
}

// Groups hold active resources; deactivating a resource or a group takes
// it out of the read models compositions use at once, without deleting
// the membership; a deleted group is gone from lists and read models.
func TestGroupsAndDeactivationHiding(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		ctx := context.Background()
		svc := e.App.Resources
		a := c.create("parking", map[string]any{"name": "A parking"})
		b := c.create("bike", map[string]any{"name": "B bikes"})
		off := c.create("car", map[string]any{"name": "C cars"})
		c.ok(c.staff, "/resource/car/deactivate", map[string]any{"ospId": osp(off)})
		g := c.ok(c.staff, "/resourcegroup/create", map[string]any{"name": "Ghent mobility", "description": "all of Ghent",
			"resourceOspIds": []string{osp(a), osp(b), osp(a)}})
		if g["resourceCount"] != float64(2) || g["activeResourceCount"] != float64(2) || len(list(g, "resources")) != 2 {
			t.Fatalf("group: %v", g)
		}
		gid := osp(g)
		c.refused(c.staff, "/resourcegroup/add", map[string]any{"ospId": gid, "resourceOspIds": []string{osp(off)}}, http.StatusBadRequest, "RESOURCE_NOT_ACTIVE")
		c.refused(c.staff, "/resourcegroup/add", map[string]any{"ospId": gid, "resourceOspIds": []string{osp(a), "nope"}}, http.StatusBadRequest, "UNKNOWN_RESOURCES")
		c.refused(c.staff, "/resourcegroup/create", map[string]any{"name": "ghent MOBILITY", "description": ""}, http.StatusBadRequest, "VALIDATION_FAILED")
		if n := c.count("resource_group_members"); n != 2 {
			t.Fatalf("refused adds wrote members: %d", n)
		}

		var groupID int64
		if err := e.DB.Get(ctx, &groupID, `SELECT id FROM resource_groups WHERE osp_id = ?`, gid); err != nil {
			t.Fatal(err)
		}
		members := func() []string {
			t.Helper()
			m, err := svc.GroupMembers(ctx, []int64{groupID})
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range m[groupID] {
				out = append(out, r.OspID)
			}
			return out
		}
		if got := members(); !slices.Equal(got, []string{osp(a), osp(b)}) {
			t.Fatalf("members: %v", got)
		}
		refs, err := svc.ActiveByOspIDs(ctx, resource.AnyKind, []string{osp(a), osp(b), osp(off), "nope"})
		if err != nil || len(refs) != 2 || refs[osp(a)].Kind != "parking" || refs[osp(a)].MrpPartnerOspID == "" {
			t.Fatalf("ActiveByOspIDs: %v %v", refs, err)
		}
		if only, _ := svc.ActiveByOspIDs(ctx, resource.KindBike, []string{osp(a), osp(b)}); len(only) != 1 || only[osp(b)].OspID == "" {
			t.Fatalf("ActiveByOspIDs of a kind: %v", only)
		}

		// deactivating a resource hides it at once; the membership stays
		c.ok(c.staff, "/resource/bike/deactivate", map[string]any{"ospId": osp(b)})
		if got := members(); !slices.Equal(got, []string{osp(a)}) {
			t.Fatalf("members after deactivating b: %v", got)
		}
		if refs, _ := svc.ActiveByOspIDs(ctx, resource.AnyKind, []string{osp(b)}); len(refs) != 0 {
			t.Fatalf("an inactive resource is offered: %v", refs)
		}
		gd := c.ok(c.acme, "/resourcegroup/get", map[string]any{"ospId": gid})
		if gd["resourceCount"] != float64(2) || gd["activeResourceCount"] != float64(1) {
			t.Fatalf("group after deactivation: %v", gd)
		}
		c.ok(c.staff, "/resource/bike/activate", map[string]any{"ospId": osp(b)})
		if got := members(); len(got) != 2 {
			t.Fatalf("reactivated b is back: %v", got)
		}

		// a deactivated group has no members for compositions, nor a ref
		c.ok(c.staff, "/resourcegroup/activate", map[string]any{"ospId": gid, "active": false})
		if got := members(); len(got) != 0 {
			t.Fatalf("members of an inactive group: %v", got)
		}
		if gr, _ := svc.GroupRefs(ctx, []string{gid}); len(gr) != 0 {
			t.Fatalf("GroupRefs of an inactive group: %v", gr)
		}
		if gr, _ := svc.GroupRefsByIDs(ctx, []int64{groupID}); gr[groupID].Active || gr[groupID].Name != "Ghent mobility" {
			t.Fatalf("GroupRefsByIDs keeps history: %v", gr)
		}
		c.ok(c.staff, "/resourcegroup/activate", map[string]any{"ospId": gid})
		if gr, _ := svc.GroupRefs(ctx, []string{gid}); !gr[gid].Active {
			t.Fatalf("GroupRefs: %v", gr)
		}

		// lists, rename, remove
		c.ok(c.staff, "/resourcegroup/create", map[string]any{"name": "Antwerp", "description": ""})
		res := c.post(c.msp, "/resourcegroup/findAll", map[string]any{"active": true})
		var all []map[string]any
		res.JSON(t, &all)
		if len(all) != 2 || all[0]["name"] != "Antwerp" {
			t.Fatalf("findAll: %v", all)
		}
		p := c.ok(c.acme, "/resourcegroup/getByFilter", map[string]any{"resourceOspId": osp(a)})
		if p["totalElements"] != float64(1) || ospIDs(list(p, "content"))[0] != gid {
			t.Fatalf("groups of a resource: %v", p)
		}
		if u := c.ok(c.staff, "/resourcegroup/update", map[string]any{"ospId": gid, "name": "Gent", "description": "x"}); u["name"] != "Gent" {
			t.Fatalf("renamed: %v", u)
		}
		if r := c.ok(c.staff, "/resourcegroup/remove", map[string]any{"ospId": gid, "resourceOspIds": []string{osp(a)}}); r["resourceCount"] != float64(1) {
			t.Fatalf("removed: %v", r)
		}

		// deleting a resource takes it out of its groups' views; deleting a
		// group takes it out of every list, its rows stay
		c.post(c.staff, "/resource/bike/delete", map[string]any{"ospId": osp(b)})
		if gd := c.ok(c.staff, "/resourcegroup/get", map[string]any{"ospId": gid}); gd["resourceCount"] != float64(0) {
			t.Fatalf("a deleted resource is a member: %v", gd)
		}
		if refs, _ := svc.RefsByIDs(ctx, []int64{mustID(t, e, osp(b))}); refs[mustID(t, e, osp(b))].Active {
			t.Fatalf("RefsByIDs: %v", refs)
		}
		testkit.MustStatus(t, c.post(c.staff, "/resourcegroup/delete", map[string]any{"ospId": gid}), http.StatusNoContent)
		c.refused(c.staff, "/resourcegroup/get", map[string]any{"ospId": gid}, http.StatusNotFound, "NOT_FOUND")
		if gr, _ := svc.GroupRefs(ctx, []string{gid}); len(gr) != 0 {
			t.Fatalf("a deleted group has a ref: %v", gr)
		}
		c.ok(c.staff, "/resourcegroup/create", map[string]any{"name": "Gent", "description": ""}) // name free again
	})
}

func mustID(t *testing.T, e *testkit.Env, ospID string) int64 {
	t.Helper()
	var id int64
	if err := e.DB.Get(context.Background(), &id, `SELECT id FROM resources WHERE osp_id = ?`, ospID); err != nil {
		t.Fatal(err)
	}
	return id
}

// The read models answer a large list in batches of 500 ids.
func TestReadModelsBatch(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		want := []string{}
		for i := 0; i < 3; i++ {
			want = append(want, osp(c.create("transport", nil)))
		}
		ask := slices.Clone(want)
		for i := 0; i < 1200; i++ {
			ask = append(ask, fmt.Sprintf("unknown-%d", i))
		}
		ask = append(ask, want[0])
		refs, err := e.App.Resources.ActiveByOspIDs(t.Context(), resource.KindTransport, ask)
		if err != nil || len(refs) != 3 {
			t.Fatalf("refs: %d %v", len(refs), err)
		}
	})
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	img.Set(1, 1, color.RGBA{200, 0, 0, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func (c *cat) upload(token, ospID, name string, content []byte) *testkit.Response {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("serviceResourceOspId", ospID)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(content)
	_ = mw.Close()
	return c.e.Do(testkit.Request{Path: v1 + "/resource/service/icon/upload", Token: token, Body: buf.Bytes(),
		Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

// A service resource's icon: PNG or sanitised SVG, served by GET
// image/icon so a browser runs nothing, 404 when there is none.
func TestIcons(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		s := c.create("service", nil)
		icon := func(token, id string) *testkit.Response {
			return e.Do(testkit.Request{Method: http.MethodGet, Path: v1 + "/image/icon?serviceResourceOspId=" + id, Token: token})
		}
		if res := icon(c.acme, osp(s)); res.Status != http.StatusNotFound {
			t.Fatalf("no icon yet: %d", res.Status)
		}
		up := c.upload(c.staff, osp(s), "train.png", pngBytes(t))
		testkit.MustStatus(t, up, http.StatusOK)
		if info := up.Map(t); info["contentType"] != "image/png" || info["width"] != float64(8) {
			t.Fatalf("uploaded: %v", info)
		}
		res := icon(c.acme, osp(s))
		if res.Status != http.StatusOK || res.Header.Get("Content-Type") != "image/png" || res.Header.Get("X-Content-Type-Options") != "nosniff" ||
			!bytes.Equal(res.Body, pngBytes(t)) {
			t.Fatalf("icon: %d %v", res.Status, res.Header)
		}
		if got := c.ok(c.staff, "/resource/service/get", map[string]any{"ospId": osp(s)}); got["icon"].(map[string]any)["contentType"] != "image/png" {
			t.Fatalf("get shows the icon: %v", got["icon"])
		}
		svg := `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(1)</script><rect width="10" height="10"/></svg>`
		testkit.MustStatus(t, c.upload(c.staff, osp(s), "icon.svg", []byte(svg)), http.StatusOK)
		if res := icon(c.acme, osp(s)); res.Header.Get("Content-Type") != "image/svg+xml" || strings.Contains(string(res.Body), "script") ||
			strings.Contains(string(res.Body), "onload") {
			t.Fatalf("svg served unsanitised: %s", res.Body)
		}
		if up := c.upload(c.staff, osp(s), "page.html", []byte("<html><script>x</script></html>")); up.Status != http.StatusBadRequest || up.Label() != "IMAGE_UNSUPPORTED" {
			t.Fatalf("html: %d %s", up.Status, up.Body)
		}
		if up := c.upload(c.staff, osp(s), "icon.svg", pngBytes(t)); up.Label() != "IMAGE_UNSUPPORTED" {
			t.Fatalf("a PNG named .svg: %d %s", up.Status, up.Body)
		}
		p := c.create("parking", nil)
		if up := c.upload(c.staff, osp(p), "x.png", pngBytes(t)); up.Status != http.StatusNotFound {
			t.Fatalf("icon on a parking: %d", up.Status)
		}
		if up := c.upload(c.msp, osp(s), "x.png", pngBytes(t)); up.Status != http.StatusForbidden {
			t.Fatalf("an MSP admin uploads: %d", up.Status)
		}
		testkit.MustStatus(t, c.post(c.staff, "/resource/service/icon/delete", map[string]any{"ospId": osp(s)}), http.StatusNoContent)
		if res := icon(c.acme, osp(s)); res.Status != http.StatusNotFound {
			t.Fatalf("deleted icon: %d", res.Status)
		}
		c.refused(c.staff, "/resource/service/icon/delete", map[string]any{"ospId": osp(s)}, http.StatusNotFound, "NOT_FOUND")
		if res := icon(c.acme, ""); res.Status != http.StatusBadRequest {
			t.Fatalf("no id: %d", res.Status)
		}
	})
}
