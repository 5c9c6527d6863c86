package server_test

import (
	"fmt"
	"net/http"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The matrix's objects for the communication calls: a message channel of
// Acme's (channelOspId, and the ospId of a body's channel), a communication
// manager of Acme as its recipient admin, and as recipients an Acme group
// and an Acme app user.
func init() {
	for _, prefix := range []string{v1 + "/messageChannel/", v1 + "/message/"} {
		routeIDKinds[prefix] = map[string]string{"channelOspId": "messageChannel", "recipientAdminOspId": "messagingAdmin",
			"userGroupOspIds": "group", "userOspIds": "user"}
	}
	nestedKinds["channel"] = "messageChannel"
	fixtureMakers["messageChannel"] = func(f *fixture, n int) string {
		res := f.m.e.Post(v1+"/messageChannel/add", f.token, map[string]any{"channel": map[string]any{
			"corporateAccountOspId": seed.AcmeOspID, "name": fmt.Sprintf("Authz channel %d", n), "showInApp": true}})
		testkit.MustStatus(f.m.t, res, http.StatusOK)
		return str(f.m.t, res.Map(f.m.t), "ospId")
	}
	fixtureMakers["messagingAdmin"] = func(f *fixture, n int) string {
		return f.m.e.CompanyAdmin(fmt.Sprintf("authz.comm.%d", n), seed.AcmeOspID, access.CommunicationManager)
	}
	sampleHooks = append(sampleHooks, func(fx *fixture, path, name, _ string) (any, bool) {
		if !strings.HasPrefix(path, v1+"/messageChannel/") && !strings.HasPrefix(path, v1+"/message/") {
			return nil, false
		}
		switch name {
		case "name":
			return fmt.Sprintf("Authz channel %d", fx.next()), true
		case "allowReply":
			return true, true
		case "showInApp":
			return true, true
		case "title":
			return "Authz message", true
		case "body":
			return "authz body", true
		case "homeScreenUntil":
			return "2026-12-31", true
		case "push":
			return true, true
		case "all":
			return false, true
		}
		return nil, false
	})
}
