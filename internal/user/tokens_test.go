package user_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"mobility/portal/internal/testkit"
)

const tokenBase = "/portal-service/v1/user/identificationToken"

type tokenJSON struct {
	OspID     string  `json:"ospId"`
	Type      string  `json:"type"`
	ValidFrom *string `json:"validFrom"`
	Fields    []struct {
		FieldType string `json:"fieldType"`
		Value     string `json:"value"`
	} `json:"fields"`
}

func ospIDOf(t *testing.T, e *testkit.Env, login string) string {
	t.Helper()
	var id string
	if err := e.DB.Get(context.Background(), &id, `SELECT osp_id FROM users WHERE login = ?`, login); err != nil {
		t.Fatal(err)
	}
	return id
}

type field = map[string]string

func addToken(e *testkit.Env, token, userOspID, typ string, fields ...field) *testkit.Response {
	return e.Post(tokenBase+"/add", token, map[string]any{"userOspId": userOspID, "type": typ, "validFrom": "2026-12-01", "fields": fields})
}

func TestIdentificationTokens(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan, sophie := ospIDOf(t, e, "jan.peeters"), ospIDOf(t, e, "sophie.dubois")

		// add: the card number is kept as digits only
		res := addToken(e, acme, jan, "MOBIB", field{"fieldType": "MOBIB_CARD_NUMBER", "value": "1234 5678.9012 3456 7"},
			field{"fieldType": "MOBIB_CHIP_ID", "value": "ab12"})
		testkit.MustStatus(t, res, http.StatusOK)
		var mobib tokenJSON
		res.JSON(t, &mobib)
		if mobib.OspID == "" || mobib.Type != "MOBIB" || mobib.ValidFrom == nil || *mobib.ValidFrom != "2026-12-01" || len(mobib.Fields) != 2 ||
			mobib.Fields[0].Value != "12345678901234567" || mobib.Fields[1].Value != "AB12" {
			t.Fatalf("add: %s", res.Body)
		}
		res = addToken(e, acme, jan, "LICENCE_PLATE", field{"fieldType": "LICENCE_PLATE", "value": " 1-abc 123 "})
		testkit.MustStatus(t, res, http.StatusOK)

		// get
		res = e.Post(tokenBase+"/get", acme, map[string]string{"userOspId": jan})
		testkit.MustStatus(t, res, http.StatusOK)
		var list []tokenJSON
		res.JSON(t, &list)
		if len(list) != 2 || list[0].OspID != mobib.OspID || list[1].Fields[0].Value != "1-ABC123" {
			t.Fatalf("get: %s", res.Body)
		}

		// the same card (typed differently) for another user: unique
		res = addToken(e, acme, sophie, "MOBIB", field{"fieldType": "MOBIB_CARD_NUMBER", "value": "12345678901234567"})
		if res.Status != 400 || res.FieldErrors(t)["fields.MOBIB_CARD_NUMBER"] != "Mobib-kaartnummer moet uniek zijn" {
			t.Fatalf("unique: %d %s", res.Status, res.Body)
		}
		// fields the type does not have, a missing required one, a bad card, an unknown type
		res = addToken(e, acme, sophie, "LICENCE_PLATE", field{"fieldType": "MOBIB_CHIP_ID", "value": "X"})
		errs := res.FieldErrors(t)
		if res.Status != 400 || errs["fields.MOBIB_CHIP_ID"] == "" || errs["fields.LICENCE_PLATE"] != "Nummerplaat is verplicht" {
			t.Fatalf("wrong fields: %d %s", res.Status, res.Body)
		}
		res = addToken(e, acme, sophie, "MOBIB", field{"fieldType": "MOBIB_CARD_NUMBER", "value": "12AB"})
		if res.Status != 400 || res.FieldErrors(t)["fields.MOBIB_CARD_NUMBER"] != "Mobib-kaartnummer moet 10 tot 20 cijfers bevatten" {
			t.Fatalf("bad card: %d %s", res.Status, res.Body)
		}
		res = addToken(e, acme, sophie, "OYSTER", field{"fieldType": "CARD_NUMBER", "value": "1"})
		if res.Status != 400 || res.FieldErrors(t)["type"] == "" {
			t.Fatalf("unknown type: %d %s", res.Status, res.Body)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM identification_tokens`); n != 2 {
			t.Fatalf("refused tokens stored: %d", n)
		}

		// tenancy: Globex's admin reaches none of it
		globex := e.LoginAs("globex.admin")
		for _, res := range []*testkit.Response{
			e.Post(tokenBase+"/get", globex, map[string]string{"userOspId": jan}),
			addToken(e, globex, jan, "BLUEBIKE_NUMBER", field{"fieldType": "BLUEBIKE_NUMBER", "value": "BB1"}),
			e.Post(tokenBase+"/delete", globex, map[string]string{"ospId": mobib.OspID}),
		} {
			if res.Status != 404 {
				t.Fatalf("globex: %d %s", res.Status, res.Body)
			}
		}

		// delete ends the token today (the row kept for older provider
		// lines, no longer listed), then the card is free again
		testkit.MustStatus(t, e.Post(tokenBase+"/delete", acme, map[string]string{"ospId": mobib.OspID}), http.StatusNoContent)
		if n := count(t, e, `SELECT COUNT(*) FROM identification_token_fields WHERE value = '12345678901234567' AND valid_until IS NULL`); n != 0 {
			t.Fatal("a deleted token's value is still current")
		}
		if n := count(t, e, `SELECT COUNT(*) FROM identification_tokens WHERE osp_id = '`+mobib.OspID+`' AND valid_until IS NOT NULL`); n != 1 {
			t.Fatal("a deleted token is not kept as ended")
		}
		listed := e.Post(tokenBase+"/get", acme, map[string]string{"userOspId": jan})
		testkit.MustStatus(t, listed, http.StatusOK)
		if strings.Contains(string(listed.Body), mobib.OspID) {
			t.Fatalf("an ended token is listed: %s", listed.Body)
		}
		testkit.MustStatus(t, addToken(e, acme, sophie, "MOBIB", field{"fieldType": "MOBIB_CARD_NUMBER", "value": "12345678901234567"}), http.StatusOK)
		if res := e.Post(tokenBase+"/delete", acme, map[string]string{"ospId": mobib.OspID}); res.Status != 404 {
			t.Fatalf("delete twice: %d", res.Status)
		}

		// anonymized users get no tokens
		testkit.MustStatus(t, e.Post(userBase+"/anonymize", acme, map[string]string{"ospId": sophie}), http.StatusOK)
		res = addToken(e, acme, sophie, "SWAPFIETS_NUMBER", field{"fieldType": "SWAPFIETS_NUMBER", "value": "SW-1"})
		if res.Status != 409 || res.Label() != "USER_ANONYMIZED" {
			t.Fatalf("anonymized: %d %s", res.Status, res.Body)
		}
	})
}

func TestIdentificationTokenLists(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("globex.admin")
		res := e.Post(tokenBase+"/type/list", token, nil)
		testkit.MustStatus(t, res, http.StatusOK)
		var types []struct {
			Type       string `json:"type"`
			FieldTypes []struct {
				FieldType string `json:"fieldType"`
				Required  bool   `json:"required"`
			} `json:"fieldTypes"`
		}
		res.JSON(t, &types)
		if len(types) != 5 || types[0].Type != "MOBIB" || len(types[0].FieldTypes) != 2 || !types[0].FieldTypes[0].Required ||
			types[0].FieldTypes[1].Required || types[4].Type != "ENECO_CHARGING" || types[4].FieldTypes[0].FieldType != "CARD_NUMBER" {
			t.Fatalf("types: %s", res.Body)
		}
		res = e.Post(tokenBase+"/field/type/list", token, nil)
		testkit.MustStatus(t, res, http.StatusOK)
		var fields []struct {
			FieldType string `json:"fieldType"`
		}
		res.JSON(t, &fields)
		if len(fields) != 6 || fields[1].FieldType != "MOBIB_CHIP_ID" {
			t.Fatalf("field types: %s", res.Body)
		}
	})
}
