package messaging_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/messaging"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const v1 = "/portal-service/v1"

// world is Acme with a communication manager, a few app users and a group.
type world struct {
	e       *testkit.Env
	comm    string // Acme communication manager's token
	commOsp string
	staff   string
	users   []string // Acme app users' ospIds
	group   string   // an Acme group holding users[0] and users[1]
	channel string
}

func newWorld(t *testing.T, e *testkit.Env) *world {
	t.Helper()
	w := &world{e: e}
	w.commOsp = e.CompanyAdmin("acme.comm", seed.AcmeOspID, access.CommunicationManager)
	w.comm = e.LoginAs("acme.comm")
	w.staff = e.LoginAs("ospadmin")
	ca := e.CorporateAccountID(seed.AcmeOspID)
	for i := 0; i < 5; i++ {
		w.users = append(w.users, e.NewUser(user.NewUser{Login: fmt.Sprintf("msg.user.%d", i), CorporateAccountID: &ca,
			Roles: []access.Role{access.OspUser}}))
	}
	res := e.Post(v1+"/usergroup/create", w.staff, map[string]any{"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
		"data": map[string]any{"extId": "NEWS_READERS", "description": "readers"}})
	testkit.MustStatus(t, res, http.StatusOK)
	w.group = res.Map(t)["ospId"].(string)
	testkit.MustStatus(t, e.Post(v1+"/usergroup/addUsers", w.staff, map[string]any{"usergroup": map[string]string{"ospId": w.group},
		"users": []map[string]string{{"ospId": w.users[0]}, {"ospId": w.users[1]}}}), http.StatusOK)
	res = e.Post(v1+"/messageChannel/add", w.comm, map[string]any{"channel": map[string]any{"name": "Mobility news",
		"recipientAdminOspId": w.commOsp, "allowReply": true, "showInApp": true}})
	testkit.MustStatus(t, res, http.StatusOK)
	w.channel = res.Map(t)["ospId"].(string)
	return w
}

// inbox is the set of user ospIds with an inbox row of the message.
func inbox(t *testing.T, e *testkit.Env, messageOsp string) []string {
	t.Helper()
	var out []string
	if err := e.DB.Select(t.Context(), &out, `SELECT u.osp_id FROM message_inbox i JOIN users u ON u.id = i.user_id
		JOIN messages m ON m.id = i.message_id WHERE m.osp_id = ? ORDER BY u.osp_id`, messageOsp); err != nil {
		t.Fatal(err)
	}
	return out
}

func sorted(s ...string) []string { return slices.Sorted(slices.Values(s)) }

func send(e *testkit.Env, token string, msg map[string]any) *testkit.Response {
	return e.Post(v1+"/message/send", token, map[string]any{"message": msg})
}

func TestChannelAndMessageToGroupAndUsers(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		// the channel as the list and its details show it
		res := e.Post(v1+"/messageChannel/getForUser", w.comm, map[string]any{})
		testkit.MustStatus(t, res, http.StatusOK)
		var list []messaging.Channel
		res.JSON(t, &list)
		if len(list) != 1 || list[0].Name != "Mobility news" || list[0].RecipientAdminOspID != w.commOsp || !list[0].AllowReply ||
			list[0].CorporateAccountOspID != seed.AcmeOspID || list[0].RecipientAdminName == "" {
			t.Fatalf("channels: %+v", list)
		}

		// step 2: the group (users 0, 1) and users 1 (again) and 2: three recipients
		recipients := map[string]any{"userGroupOspIds": []string{w.group}, "userOspIds": []string{w.users[1], w.users[2]}}
		res = e.Post(v1+"/messageChannel/destinationUsers", w.comm, map[string]any{"channelOspId": w.channel, "recipients": recipients,
			"pagination": map[string]int{"page": 1, "size": 2}})
		testkit.MustStatus(t, res, http.StatusOK)
		var dest messaging.Destination
		res.JSON(t, &dest)
		if dest.Count != 3 || len(dest.Users.Content) != 2 || dest.Users.TotalPages != 2 {
			t.Fatalf("destination: %+v", dest)
		}

		res = send(e, w.comm, map[string]any{"channelOspId": w.channel, "title": "Bike week", "body": "Ride to work this week!",
			"homeScreenUntil": "2026-11-30", "push": true, "recipients": recipients})
		testkit.MustStatus(t, res, http.StatusOK)
		var m messaging.Message
		res.JSON(t, &m)
		if m.Status != messaging.StatusSent || m.RecipientCount != 3 || m.DeliveredCount != 3 || m.UserGroupCount != 1 || m.UserCount != 2 {
			t.Fatalf("sent: %+v", m)
		}
		if got, want := inbox(t, e, m.OspID), sorted(w.users[0], w.users[1], w.users[2]); !slices.Equal(got, want) {
			t.Fatalf("inbox %v, want %v", got, want)
		}
		// one push per inbox row, kept without a push sender
		var pending int
		_ = e.DB.Get(t.Context(), &pending, `SELECT COUNT(*) FROM message_push_outbox WHERE status = 'pending'`)
		if pending != 3 {
			t.Fatalf("%d pending pushes, want 3", pending)
		}
		if n, err := e.App.Messaging.FlushPushes(t.Context()); err != nil || n != 3 {
			t.Fatalf("flush: %d %v", n, err)
		}
		var kept int
		_ = e.DB.Get(t.Context(), &kept, `SELECT COUNT(*) FROM message_push_outbox WHERE status = 'kept' AND sent_at IS NOT NULL`)
		if kept != 3 {
			t.Fatalf("%d kept pushes, want 3", kept)
		}

		// all users: every active app user of Acme, nobody else's
		var want []string
		if err := e.DB.Select(t.Context(), &want, `SELECT osp_id FROM users WHERE corporate_account_id = ? AND user_type = 'mobile'
			AND active AND anonymized_at IS NULL ORDER BY osp_id`, e.CorporateAccountID(seed.AcmeOspID)); err != nil {
			t.Fatal(err)
		}
		res = send(e, w.comm, map[string]any{"channelOspId": w.channel, "title": "To all", "body": "Hello everyone",
			"recipients": map[string]any{"all": true}})
		testkit.MustStatus(t, res, http.StatusOK)
		res.JSON(t, &m)
		if got := inbox(t, e, m.OspID); !slices.Equal(got, want) || m.RecipientCount != len(want) {
			t.Fatalf("all: inbox %v (count %d), want %v", got, m.RecipientCount, want)
		}

		// the channel's details list both, newest first, with their counts
		res = e.Post(v1+"/message/getByChannel", w.comm, map[string]any{"channelOspId": w.channel})
		testkit.MustStatus(t, res, http.StatusOK)
		var page struct {
			Content       []messaging.Message `json:"content"`
			TotalElements int                 `json:"totalElements"`
		}
		res.JSON(t, &page)
		if page.TotalElements != 2 || page.Content[0].Title != "To all" || page.Content[1].RecipientCount != 3 ||
			page.Content[1].SentBy == "" {
			t.Fatalf("by channel: %+v", page)
		}

		// update, then delete archives: gone from the list, history kept
		res = e.Post(v1+"/messageChannel/update", w.comm, map[string]any{"channel": map[string]any{"ospId": w.channel,
			"name": "Mobility news 2", "allowReply": false, "showInApp": false}})
		testkit.MustStatus(t, res, http.StatusOK)
		if c := res.Map(t); c["name"] != "Mobility news 2" || c["allowReply"] != false || c["recipientAdminOspId"] != nil {
			t.Fatalf("updated: %v", c)
		}
		testkit.MustStatus(t, e.Post(v1+"/messageChannel/delete", w.comm, map[string]any{"channel": map[string]any{"ospId": w.channel}}),
			http.StatusNoContent)
		res = e.Post(v1+"/messageChannel/getForUser", w.comm, map[string]any{})
		res.JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("archived channel listed: %+v", list)
		}
		testkit.MustStatus(t, send(e, w.comm, map[string]any{"channelOspId": w.channel, "title": "x", "body": "y",
			"recipients": map[string]any{"all": true}}), http.StatusNotFound)
		var msgs int
		_ = e.DB.Get(t.Context(), &msgs, `SELECT COUNT(*) FROM messages`)
		if msgs != 2 {
			t.Fatalf("%d messages kept, want 2", msgs)
		}
	})
}

// A message to thousands of users, stopped after some batches (a crash),
// is resumed from its cursor by another process once the lease ran out:
// each recipient gets exactly one inbox row.
func TestDeliveryResumesAfterCrash(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := t.Context()
		w := newWorld(t, e)
		if err := seed.Users(ctx, e.DB, seed.AcmeOspID, 3000, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		var want int
		_ = e.DB.Get(ctx, &want, `SELECT COUNT(*) FROM users WHERE corporate_account_id = ? AND user_type = 'mobile' AND active
			AND anonymized_at IS NULL`, e.CorporateAccountID(seed.AcmeOspID))
		svc := e.App.Messaging
		svc.SetBatch(400)
		crash := errors.New("crash")
		svc.FailAfter(3, crash)
		defer svc.FailAfter(0, nil)
		// more than one batch: queued, not delivered in the request
		res := send(e, w.comm, map[string]any{"channelOspId": w.channel, "title": "Big", "body": "To everyone", "push": true,
			"recipients": map[string]any{"all": true}})
		testkit.MustStatus(t, res, http.StatusOK)
		osp := res.Map(t)["ospId"].(string)
		if st := res.Map(t)["status"]; st != messaging.StatusQueued {
			t.Fatalf("status %v, want QUEUED", st)
		}
		if _, err := svc.DeliverPending(ctx); !errors.Is(err, crash) {
			t.Fatalf("delivery: %v, want the crash", err)
		}
		count := func() (rows, distinct, pushes int, status string, cursor int64) {
			_ = e.DB.Get(ctx, &rows, `SELECT COUNT(*) FROM message_inbox`)
			_ = e.DB.Get(ctx, &distinct, `SELECT COUNT(DISTINCT user_id) FROM message_inbox`)
			_ = e.DB.Get(ctx, &pushes, `SELECT COUNT(*) FROM message_push_outbox`)
			_ = e.DB.Get(ctx, &status, `SELECT status FROM messages WHERE osp_id = ?`, osp)
			_ = e.DB.Get(ctx, &cursor, `SELECT cursor_user_id FROM messages WHERE osp_id = ?`, osp)
			return
		}
		if rows, _, pushes, status, _ := count(); rows != 1200 || pushes != 1200 || status != messaging.StatusSending {
			t.Fatalf("after the crash: %d inbox rows, %d pushes, %s; want 1200, 1200, SENDING", rows, pushes, status)
		}
		// another process: the lease still holds, it does nothing
		other := messaging.NewService(messaging.Deps{DB: e.DB, Clock: e.Clock, Companies: e.App.Companies, Users: e.App.Users,
			Groups: e.App.Groups})
		other.SetBatch(700)
		if n, err := other.DeliverPending(ctx); err != nil || n != 0 {
			t.Fatalf("second process during the lease: %d %v", n, err)
		}
		if rows, _, _, _, _ := count(); rows != 1200 {
			t.Fatalf("second process wrote during the lease: %d rows", rows)
		}
		// the lease runs out: it resumes from the cursor and finishes
		e.Clock.Set(e.Clock.Now().Add(3 * time.Minute))
		if n, err := other.DeliverPending(ctx); err != nil || n != 1 {
			t.Fatalf("resume: %d %v", n, err)
		}
		rows, distinct, pushes, status, _ := count()
		if rows != want || distinct != want || pushes != want || status != messaging.StatusSent {
			t.Fatalf("after resuming: %d rows, %d users, %d pushes, %s; want %d each and SENT", rows, distinct, pushes, status, want)
		}
		// the first process comes back: nothing more to do
		svc.FailAfter(0, nil)
		if n, err := svc.DeliverPending(ctx); err != nil || n != 0 {
			t.Fatalf("first process again: %d %v", n, err)
		}
		res = e.Post(v1+"/message/getByChannel", w.comm, map[string]any{"channelOspId": w.channel})
		if c := res.Map(t)["content"].([]any)[0].(map[string]any); c["recipientCount"] != float64(want) || c["deliveredCount"] != float64(want) {
			t.Fatalf("counts: %v, want %d", c, want)
		}
	})
}

// Refused input: a clear 400 naming the field, and nothing stored.
func TestSendValidation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		globex := e.CorporateAccountID(seed.GlobexOspID)
		foreignUser := e.NewUser(user.NewUser{Login: "msg.globex.user", CorporateAccountID: &globex, Roles: []access.Role{access.OspUser}})
		acme := e.CorporateAccountID(seed.AcmeOspID)
		inactive := e.NewUser(user.NewUser{Login: "msg.inactive", CorporateAccountID: &acme, Roles: []access.Role{access.OspUser}})
		testkit.MustStatus(t, e.Post(v1+"/user/deactivate", w.staff, map[string]any{"ospId": inactive}), http.StatusOK)
		res := e.Post(v1+"/usergroup/create", w.staff, map[string]any{"corporateAccount": map[string]string{"ospId": seed.GlobexOspID},
			"data": map[string]any{"extId": "GLOBEX_GROUP", "description": ""}})
		testkit.MustStatus(t, res, http.StatusOK)
		foreignGroup := res.Map(t)["ospId"].(string)
		ok := map[string]any{"channelOspId": w.channel, "title": "Hi", "body": "Text", "recipients": map[string]any{"all": true}}
		with := func(k string, v any) map[string]any {
			m := map[string]any{}
			for a, b := range ok {
				m[a] = b
			}
			m[k] = v
			return m
		}
		before := e.Snapshot("rate_limits", "sessions", "session_tokens")
		for _, c := range []struct {
			name  string
			msg   map[string]any
			field string
		}{
			{"no title", with("title", "  "), "message.title"},
			{"long title", with("title", strings.Repeat("t", 151)), "message.title"},
			{"no body", with("body", ""), "message.body"},
			{"huge body", with("body", strings.Repeat("b", 100_000)), "message.body"},
			{"NUL", with("body", "a\x00b"), "message.body"},
			{"past home screen", with("homeScreenUntil", "1900-01-01"), "message.homeScreenUntil"},
			{"far home screen", with("homeScreenUntil", "9999-12-31"), "message.homeScreenUntil"},
			{"bad date", with("homeScreenUntil", "2026-13-01"), "message.homeScreenUntil"},
			{"no channel", with("channelOspId", ""), "message.channelOspId"},
			{"all and chosen", with("recipients", map[string]any{"all": true, "userOspIds": []string{w.users[0]}}), "message.recipients.all"},
			{"nobody", with("recipients", map[string]any{}), "message.recipients"},
			{"foreign user", with("recipients", map[string]any{"userOspIds": []string{foreignUser}}), "message.recipients.userOspIds"},
			{"inactive user", with("recipients", map[string]any{"userOspIds": []string{inactive}}), "message.recipients.userOspIds"},
			{"an admin", with("recipients", map[string]any{"userOspIds": []string{w.commOsp}}), "message.recipients.userOspIds"},
			{"foreign group", with("recipients", map[string]any{"userGroupOspIds": []string{foreignGroup}}), "message.recipients.userGroupOspIds"},
			{"40,000 users", with("recipients", map[string]any{"userOspIds": make([]string, 40_000)}), "message.recipients.userOspIds"},
			{"another company", with("corporateAccountOspId", seed.GlobexOspID), "message.corporateAccountOspId"},
		} {
			res := send(e, w.comm, c.msg)
			if res.Status != http.StatusBadRequest {
				t.Errorf("%s: %d %s, want 400", c.name, res.Status, res.Body)
				continue
			}
			if f := res.FieldErrors(t); f[c.field] == "" {
				t.Errorf("%s: errors %v, want one on %s", c.name, f, c.field)
			}
		}
		if changed := e.Snapshot("rate_limits", "sessions", "session_tokens").Changed(before); len(changed) > 0 {
			t.Fatalf("refused sends changed %v", changed)
		}
		// channel rules
		for _, c := range []struct {
			name  string
			ch    map[string]any
			field string
		}{
			{"no name", map[string]any{"name": ""}, "channel.name"},
			{"long name", map[string]any{"name": strings.Repeat("n", 101)}, "channel.name"},
			{"reply without admin", map[string]any{"name": "A", "allowReply": true}, "channel.recipientAdminOspId"},
			{"admin not a communication manager", map[string]any{"name": "A", "recipientAdminOspId": w.users[0]}, "channel.recipientAdminOspId"},
		} {
			res := e.Post(v1+"/messageChannel/add", w.comm, map[string]any{"channel": c.ch})
			if f := res.FieldErrors(t); res.Status != http.StatusBadRequest || f[c.field] == "" {
				t.Errorf("%s: %d %s, want 400 on %s", c.name, res.Status, res.Body, c.field)
			}
		}
		if changed := e.Snapshot("rate_limits", "sessions", "session_tokens").Changed(before); len(changed) > 0 {
			t.Fatalf("refused channel calls changed %v", changed)
		}
	})
}

// A company's channels are its own; only communication managers (and MSP
// admins, platform staff) send.
func TestTenancyAndRoles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		e.CompanyAdmin("globex.comm", seed.GlobexOspID, access.CommunicationManager)
		globex := e.LoginAs("globex.comm")
		e.CompanyAdmin("acme.users", seed.AcmeOspID, access.UserManager)
		userManager := e.LoginAs("acme.users")
		msp := e.LoginAs("msp.admin")
		before := e.Snapshot("rate_limits", "sessions", "session_tokens")
		chRef := map[string]any{"channel": map[string]any{"ospId": w.channel, "name": "Taken", "showInApp": true}}
		msg := map[string]any{"message": map[string]any{"channelOspId": w.channel, "title": "Hi", "body": "x",
			"recipients": map[string]any{"all": true}}}
		calls := []struct {
			path string
			body any
		}{
			{"/messageChannel/get", map[string]any{"channelOspId": w.channel}},
			{"/messageChannel/update", chRef},
			{"/messageChannel/delete", chRef},
			{"/messageChannel/destinationUsers", map[string]any{"channelOspId": w.channel, "recipients": map[string]any{"all": true}}},
			{"/messageChannel/getForUser", map[string]any{"corporateAccountOspId": seed.AcmeOspID}},
			{"/messageChannel/add", map[string]any{"channel": map[string]any{"corporateAccountOspId": seed.AcmeOspID, "name": "Mine"}}},
			{"/message/send", msg},
			{"/message/getByChannel", map[string]any{"channelOspId": w.channel}},
		}
		for _, c := range calls {
			if res := e.Post(v1+c.path, globex, c.body); res.Status != http.StatusNotFound {
				t.Errorf("Globex %s: %d %s, want 404", c.path, res.Status, res.Body)
			}
			if res := e.Post(v1+c.path, userManager, c.body); res.Status != http.StatusForbidden {
				t.Errorf("user manager %s: %d %s, want 403", c.path, res.Status, res.Body)
			}
		}
		if changed := e.Snapshot("rate_limits", "sessions", "session_tokens").Changed(before); len(changed) > 0 {
			t.Fatalf("refused calls changed %v", changed)
		}
		// Globex's own list does not show Acme's channel
		res := e.Post(v1+"/messageChannel/getForUser", globex, map[string]any{})
		if res.Status != http.StatusOK || strings.Contains(string(res.Body), w.channel) {
			t.Fatalf("Globex list: %d %s", res.Status, res.Body)
		}
		// the MSP admin of Acme's partner and platform staff reach it
		for _, tok := range []string{msp, w.staff} {
			if res := e.Post(v1+"/messageChannel/get", tok, map[string]any{"channelOspId": w.channel}); res.Status != http.StatusOK {
				t.Errorf("allowed get: %d %s", res.Status, res.Body)
			}
		}
		// platform channels: staff only, and an MSP admin must name a company
		res = e.Post(v1+"/messageChannel/add", w.staff, map[string]any{"channel": map[string]any{"name": "Platform news", "showInApp": true}})
		testkit.MustStatus(t, res, http.StatusOK)
		platform := res.Map(t)["ospId"].(string)
		if res.Map(t)["corporateAccountOspId"] != nil {
			t.Fatalf("platform channel has a company: %s", res.Body)
		}
		if res := e.Post(v1+"/messageChannel/get", msp, map[string]any{"channelOspId": platform}); res.Status != http.StatusNotFound {
			t.Errorf("MSP admin reads a platform channel: %d", res.Status)
		}
		if res := e.Post(v1+"/messageChannel/add", msp, map[string]any{"channel": map[string]any{"name": "X"}}); res.Status != http.StatusBadRequest {
			t.Errorf("MSP admin adds a platform channel: %d %s", res.Status, res.Body)
		}
		// staff send on the platform channel to Acme's group
		res = send(e, w.staff, map[string]any{"channelOspId": platform, "corporateAccountOspId": seed.AcmeOspID, "title": "Platform",
			"body": "News", "recipients": map[string]any{"userGroupOspIds": []string{w.group}}})
		testkit.MustStatus(t, res, http.StatusOK)
		if got := inbox(t, e, res.Map(t)["ospId"].(string)); !slices.Equal(got, sorted(w.users[0], w.users[1])) {
			t.Fatalf("platform message inbox: %v", got)
		}
	})
}

// The same Idempotency-Key sends once and answers the first answer again.
func TestSendIdempotent(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		body := map[string]any{"message": map[string]any{"channelOspId": w.channel, "title": "Once", "body": "Only once",
			"recipients": map[string]any{"userOspIds": []string{w.users[3]}}}}
		var first string
		for i := 0; i < 2; i++ {
			res := e.Do(testkit.Request{Method: http.MethodPost, Path: v1 + "/message/send", Token: w.comm, Body: body,
				Headers: map[string]string{"Idempotency-Key": "send-once-1"}})
			testkit.MustStatus(t, res, http.StatusOK)
			osp := res.Map(t)["ospId"].(string)
			if first == "" {
				first = osp
			} else if osp != first {
				t.Fatalf("repeat answered %s, first %s", osp, first)
			}
		}
		var n, rows int
		_ = e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM messages`)
		_ = e.DB.Get(context.Background(), &rows, `SELECT COUNT(*) FROM message_inbox`)
		if n != 1 || rows != 1 {
			t.Fatalf("%d messages, %d inbox rows; want 1 and 1", n, rows)
		}
	})
}
