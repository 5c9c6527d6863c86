package expense

import (
	"context"
	"slices"
)

// The mobility resource providers whose files and invoices the platform
// books (issue 15: internal/providerdata's kinds, internal/cambio), in one
// place. An expense records its provider's code (mrp_code) and, where the
// partner catalogue holds an MRP with that code as its extId (the demo's
// NMBS, DELIJN, BLUEBIKE, CAMBIO), that partner; reporting groups the
// monthly totals per code ("per mobility resource provider") and the
// expense shows the provider's name.

// MRP is a provider's code and the name shown without a catalogue partner.
type MRP struct {
	Code string
	Name string
}

// The providers' codes.
const (
	MrpNMBS      = "NMBS"
	MrpDeLijn    = "DELIJN"
	MrpKBC       = "KBC"
	MrpSwapfiets = "SWAPFIETS"
	MrpBluebike  = "BLUEBIKE"
	MrpBeMobile  = "BEMOBILE"
	MrpEneco     = "ENECO"
	MrpCambio    = "CAMBIO"
)

// ProviderMRPs are the providers the platform books files of.
var ProviderMRPs = []MRP{
	{MrpNMBS, "NMBS-SNCB"},
	{MrpDeLijn, "De Lijn"},
	{MrpKBC, "KBC Mobile"},
	{MrpSwapfiets, "Swapfiets"},
	{MrpBluebike, "Blue-bike"},
	{MrpBeMobile, "BeMobile"},
	{MrpEneco, "Eneco eMobility"},
	{MrpCambio, "Cambio"},
}

// MRPName is the name of a provider code ("" for an unknown one).
func MRPName(code string) string {
	if i := slices.IndexFunc(ProviderMRPs, func(m MRP) bool { return m.Code == code }); i >= 0 {
		return ProviderMRPs[i].Name
	}
	return ""
}

// MRPCatalogue is the partner catalogue's read model an expense names its
// provider through (internal/partner): MRP partners by extId, and
// partners' names by id.
type MRPCatalogue interface {
	MRPsByExtID(ctx context.Context, extIDs []string) (map[string]int64, error)
	NamesByID(ctx context.Context, ids []int64) (map[int64]string, error)
}

// ProviderMRP is a provider as a file's bookings record it: its code and,
// where the catalogue has it, its partner's id.
type ProviderMRP struct {
	Code      string
	PartnerID *int64
}

// ResolveMRP finds a provider code's catalogue partner, once per file (a
// file's bookings carry the result): an unknown code or one without a
// partner is recorded by its code alone.
func (s *Service) ResolveMRP(ctx context.Context, code string) (ProviderMRP, error) {
	out := ProviderMRP{Code: code}
	if code == "" || s.mrps == nil {
		return out, nil
	}
	ids, err := s.mrps.MRPsByExtID(ctx, []string{code})
	if err != nil {
		return out, internal(err)
	}
	if id, ok := ids[code]; ok {
		out.PartnerID = &id
	}
	return out, nil
}
