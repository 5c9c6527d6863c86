package user

import (
	"context"
	"slices"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/validate"
)

// Identification token types and field types (SPEC §3).
const (
	TokenMobib          = "MOBIB"
	TokenLicencePlate   = "LICENCE_PLATE"
	TokenBluebike       = "BLUEBIKE_NUMBER"
	TokenSwapfiets      = "SWAPFIETS_NUMBER"
	TokenEnecoCharging  = "ENECO_CHARGING"
	FieldMobibCard      = "MOBIB_CARD_NUMBER"
	FieldMobibChip      = "MOBIB_CHIP_ID"
	FieldLicencePlate   = "LICENCE_PLATE"
	FieldBluebikeNumber = "BLUEBIKE_NUMBER"
	FieldSwapfiets      = "SWAPFIETS_NUMBER"
	FieldCardNumber     = "CARD_NUMBER"
)

// TokenFieldType is one field a token type carries.
type TokenFieldType struct {
	FieldType string `json:"fieldType" enum:"MOBIB_CARD_NUMBER,MOBIB_CHIP_ID,LICENCE_PLATE,BLUEBIKE_NUMBER,SWAPFIETS_NUMBER,CARD_NUMBER"`
	Required  bool   `json:"required"`
}

// TokenTypeInfo is a token type with the fields it carries.
type TokenTypeInfo struct {
	Type       string           `json:"type" enum:"MOBIB,LICENCE_PLATE,BLUEBIKE_NUMBER,SWAPFIETS_NUMBER,ENECO_CHARGING"`
	FieldTypes []TokenFieldType `json:"fieldTypes"`
}

// FieldTypeInfo is one field type.
type FieldTypeInfo struct {
	FieldType string `json:"fieldType"`
}

// TokenTypes lists which fields each token type has, in display order.
var TokenTypes = []TokenTypeInfo{
	{TokenMobib, []TokenFieldType{{FieldMobibCard, true}, {FieldMobibChip, false}}},
	{TokenLicencePlate, []TokenFieldType{{FieldLicencePlate, true}}},
	{TokenBluebike, []TokenFieldType{{FieldBluebikeNumber, true}}},
	{TokenSwapfiets, []TokenFieldType{{FieldSwapfiets, true}}},
	{TokenEnecoCharging, []TokenFieldType{{FieldCardNumber, true}}},
}

// FieldTypes lists every field type.
var FieldTypes = []string{FieldMobibCard, FieldMobibChip, FieldLicencePlate, FieldBluebikeNumber, FieldSwapfiets, FieldCardNumber}

// TokenField is one value of a token.
type TokenField struct {
	FieldType string `json:"fieldType" db:"field_type"`
	Value     string `json:"value" db:"value"`
}

// Token is a user's identification token.
type Token struct {
	OspID     string       `json:"ospId"`
	Type      string       `json:"type"`
	ValidFrom *string      `json:"validFrom" description:"yyyy-MM-dd"`
	Fields    []TokenField `json:"fields"`
}

// AddTokenRequest gives a user a token.
type AddTokenRequest struct {
	UserOspID string       `json:"userOspId" required:"true"`
	Type      string       `json:"type" required:"true" enum:"MOBIB,LICENCE_PLATE,BLUEBIKE_NUMBER,SWAPFIETS_NUMBER,ENECO_CHARGING"`
	ValidFrom *string      `json:"validFrom,omitempty" description:"yyyy-MM-dd"`
	Fields    []TokenField `json:"fields"`
}

// TokenRef names a token.
type TokenRef struct {
	OspID string `json:"ospId" required:"true"`
}

// NormalizeTokenValue returns a field value in its stored form and whether
// it is valid: card numbers keep their digits only (people type them with
// spaces or dots), plates and numbers are uppercased without spaces, so the
// same card or plate always compares equal for the uniqueness rule.
func NormalizeTokenValue(fieldType, value string) (string, bool) {
	v := strings.ToUpper(strings.Join(strings.Fields(value), ""))
	switch fieldType {
	case FieldMobibCard:
		v = strings.NewReplacer(".", "", "-", "", "/", "").Replace(v)
		return v, len(v) >= 10 && len(v) <= 20 && strings.Trim(v, "0123456789") == ""
	case FieldLicencePlate:
		return v, len(v) >= 2 && len(v) <= 12 && strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") == ""
	default:
		return v, len(v) >= 1 && len(v) <= 50 && strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") == ""
	}
}

// Tokens lists a user's identification tokens.
func (s *Service) Tokens(ctx context.Context, p *access.Principal, userOspID string) ([]Token, error) {
	u, err := s.find(ctx, p, userOspID)
	if err != nil {
		return nil, err
	}
	return s.tokensOf(ctx, u.ID)
}

func (s *Service) tokensOf(ctx context.Context, userID int64) ([]Token, error) {
	rows, fields, err := s.store.tokens(ctx, userID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]Token, len(rows))
	for i, r := range rows {
		out[i] = Token{OspID: r.OspID, Type: r.Type, ValidFrom: r.ValidFrom, Fields: []TokenField{}}
		for _, f := range fields {
			if f.TokenID == r.ID {
				out[i].Fields = append(out[i].Fields, f.TokenField)
			}
		}
	}
	return out, nil
}

// AddToken gives a user a token after checking its type, its fields and
// that no other token uses the same value.
func (s *Service) AddToken(ctx context.Context, p *access.Principal, req AddTokenRequest) (*Token, error) {
	u, err := s.findToChange(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	v := validate.New(ctx)
	req.Type = strings.ToUpper(strings.TrimSpace(req.Type))
	var spec []TokenFieldType
	for _, t := range TokenTypes {
		if t.Type == req.Type {
			spec = t.FieldTypes
		}
	}
	if v.Required("type", req.Type) && spec == nil {
		names := make([]string, len(TokenTypes))
		for i, t := range TokenTypes {
			names[i] = t.Type
		}
		v.OneOf("type", req.Type, names)
	}
	if req.ValidFrom != nil && *req.ValidFrom == "" {
		req.ValidFrom = nil
	}
	if req.ValidFrom != nil {
		v.Date("validFrom", *req.ValidFrom)
	}
	fields := make([]TokenField, 0, len(req.Fields))
	if spec != nil {
		given := map[string]string{}
		for _, f := range req.Fields {
			ft := strings.ToUpper(strings.TrimSpace(f.FieldType))
			name := "fields." + ft
			allowed := slices.IndexFunc(spec, func(x TokenFieldType) bool { return x.FieldType == ft }) >= 0
			switch {
			case !slices.Contains(FieldTypes, ft):
				v.OneOf("fields", ft, FieldTypes)
			case !allowed:
				v.Fail(name, "rule.notAllowed")
			default:
				if _, dup := given[ft]; dup {
					v.Fail(name, "rule.unique")
				}
				given[ft] = f.Value
			}
		}
		for _, sf := range spec {
			raw := strings.TrimSpace(given[sf.FieldType])
			name := "fields." + sf.FieldType
			if raw == "" {
				if sf.Required {
					v.Fail(name, "rule.required")
				}
				continue
			}
			value, ok := NormalizeTokenValue(sf.FieldType, raw)
			switch {
			case !ok && sf.FieldType == FieldMobibCard:
				v.Fail(name, "rule.digits", 10, 20)
			case !ok:
				v.Fail(name, "rule.invalid")
			case !v.Has(name):
				n, err := s.store.tokenValueCount(ctx, sf.FieldType, value)
				if err != nil {
					return nil, apperr.Internal(err)
				}
				if n > 0 {
					v.Fail(name, "rule.unique")
				}
			}
			fields = append(fields, TokenField{FieldType: sf.FieldType, Value: value})
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	t := Token{OspID: NewOspID(), Type: req.Type, ValidFrom: req.ValidFrom, Fields: fields}
	err = s.store.insertToken(ctx, u.ID, t, s.now())
	if database.IsUniqueViolation(err) {
		// another request registered the same value between check and write
		v := validate.New(ctx)
		v.Fail("fields."+fields[0].FieldType, "rule.unique")
		return nil, v.Err()
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &t, nil
}

// DeleteToken ends a current token of a user the caller may reach: it is
// valid until today (a provider line of today or later no longer matches
// it), no longer listed, and its value is free for another user; the row
// is kept so older provider lines still match the user who held it then.
func (s *Service) DeleteToken(ctx context.Context, p *access.Principal, ospID string) error {
	tok, err := s.store.tokenInScope(ctx, p.Scope, ospID)
	if database.IsNoRows(err) {
		return apperr.NotFound("identification token")
	}
	if err != nil {
		return apperr.Internal(err)
	}
	owner, err := s.store.byID(ctx, tok.UserID)
	if err != nil {
		return apperr.Internal(err)
	}
	if err := mayActOn(ctx, p, owner); err != nil {
		return err
	}
	ended, err := s.store.endToken(ctx, tok.ID, s.today())
	if err != nil {
		return apperr.Internal(err)
	}
	if !ended {
		return apperr.NotFound("identification token")
	}
	return nil
}

// FieldTypeList lists the field types.
func FieldTypeList() []FieldTypeInfo {
	out := make([]FieldTypeInfo, len(FieldTypes))
	for i, f := range FieldTypes {
		out[i] = FieldTypeInfo{FieldType: f}
	}
	return out
}

// TokenHolders are the tokens, current and ended, holding each value.
type TokenHolders map[string][]TokenOwner

// Token matches: who held a value on a day.
const (
	TokenHeld      = iota // a token held the value on the day
	TokenUnknown          // no token ever held the value
	TokenNotOnDate        // tokens held the value, none on that day
)

// On answers who held value on day (yyyy-MM-dd): the token valid that day
// (from ValidFrom, none: ever; before ValidUntil, none: still current).
// Where several cover the day (a card handed on whose new token has no
// ValidFrom), the one that ended first after the day held it then, the
// current one last: ended tokens are the value's history in order.
func (h TokenHolders) On(value, day string) (TokenOwner, int) {
	list := h[value]
	if len(list) == 0 {
		return TokenOwner{}, TokenUnknown
	}
	best, found := TokenOwner{}, false
	for _, o := range list {
		if (o.ValidFrom != nil && *o.ValidFrom > day) || (o.ValidUntil != nil && *o.ValidUntil <= day) {
			continue
		}
		if !found || endsBefore(o, best) {
			best, found = o, true
		}
	}
	if !found {
		return TokenOwner{}, TokenNotOnDate
	}
	return best, TokenHeld
}

// endsBefore tells whether a's validity ends before b's (no end: last;
// the same end: the later start first).
func endsBefore(a, b TokenOwner) bool {
	switch {
	case a.ValidUntil == nil && b.ValidUntil == nil:
	case a.ValidUntil == nil:
		return false
	case b.ValidUntil == nil:
		return true
	case *a.ValidUntil != *b.ValidUntil:
		return *a.ValidUntil < *b.ValidUntil
	}
	return b.ValidFrom == nil || (a.ValidFrom != nil && *a.ValidFrom > *b.ValidFrom)
}

// TokenOwners reads, for values of one field type (normalized as
// NormalizeTokenValue does), every token that holds or held each value
// (one query per 500 values); TokenHolders.On picks the holder of a day.
// For trusted callers (provider data, platform staff): it reads across
// tenants.
func (s *Service) TokenOwners(ctx context.Context, fieldType string, values []string) (TokenHolders, error) {
	rows, err := s.store.tokenOwners(ctx, fieldType, values)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(TokenHolders, len(values))
	for _, r := range rows {
		out[r.Value] = append(out[r.Value], r)
	}
	return out, nil
}
