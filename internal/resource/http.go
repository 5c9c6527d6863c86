package resource

import (
	"context"
	"net/http"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const v1 = "/portal-service/v1"

// Who may call what: platform staff write the catalogue; every portal user
// (partner and company admins, whose screens show the catalogue) reads it.
// App users never get a portal session.
var (
	staff = access.Need(access.OspAdmin)
	read  = access.SignedIn()
	pr    = access.FromContext
)

// Write is a kind's create request (ServiceWrite, TransportWrite,
// ParkingWrite, BikeWrite, CarWrite, RentalWrite, GasStationWrite).
type Write interface{ input() input }

// updateReq is a kind's update request.
type updateReq interface {
	Write
	target() string
}

// Routes are the resource, resource group, label, icon and fuel calls.
func (s *Service) Routes() []api.Route {
	var routes []api.Route
	routes = append(routes, kindRoutes[ServiceWrite, ServiceUpdate](s, KindService, "service resource", presentService)...)
	routes = append(routes, kindRoutes[TransportWrite, TransportUpdate](s, KindTransport, "transport stop", presentTransport)...)
	routes = append(routes, kindRoutes[ParkingWrite, ParkingUpdate](s, KindParking, "parking lot", presentParking)...)
	routes = append(routes, kindRoutes[BikeWrite, BikeUpdate](s, KindBike, "bike-share station", presentBike)...)
	routes = append(routes, kindRoutes[CarWrite, CarUpdate](s, KindCar, "car-share station", presentCar)...)
	routes = append(routes, kindRoutes[RentalWrite, RentalUpdate](s, KindRental, "rental car", presentRental)...)
	routes = append(routes, kindRoutes[GasStationWrite, GasStationUpdate](s, KindGasStation, "gas station", presentGasStation)...)
	routes = append(routes, s.catalogueRoutes()...)
	routes = append(routes, s.labelRoutes()...)
	routes = append(routes, s.groupRoutes()...)
	return append(routes, s.fuelRoutes()...)
}

// kindRoutes are one kind's seven calls, typed with its own request and
// answer types so the OpenAPI document names each kind's fields.
func kindRoutes[W Write, U updateReq, R any](s *Service, kind, noun string, present func(*detail) R) []api.Route {
	base := v1 + "/resource/" + kind
	one := func(d *detail, err error) (*R, error) {
		if err != nil {
			return nil, err
		}
		r := present(d)
		return &r, nil
	}
	return []api.Route{
		api.Post(base+"/create", staff, "resource", "Create a "+noun+" (active)",
			func(ctx context.Context, req *W) (*R, error) {
				return one(s.Create(ctx, pr(ctx), kind, (*req).input()))
			}),
		api.Post(base+"/update", staff, "resource", "Change a "+noun+": the whole resource, its fees and labels replaced",
			func(ctx context.Context, req *U) (*R, error) {
				return one(s.Update(ctx, pr(ctx), kind, (*req).target(), (*req).input()))
			}),
		api.Post(base+"/get", read, "resource", "One "+noun,
			func(ctx context.Context, req *GetRequest) (*R, error) {
				return one(s.Get(ctx, pr(ctx), kind, req.OspID))
			}),
		api.Post(base+"/getByFilter", read, "resource", "Page through the "+noun+"s (search on name or extId, partner, mobility mode, label, active)",
			func(ctx context.Context, req *KindFilterRequest) (*paging.Page[R], error) {
				rows, total, pg, err := s.FilterKind(ctx, pr(ctx), kind, *req)
				if err != nil {
					return nil, err
				}
				out := make([]R, len(rows))
				for i := range rows {
					out[i] = present(&rows[i])
				}
				page := paging.NewPage(out, total, pg)
				return &page, nil
			}),
		api.Post(base+"/activate", staff, "resource", "Activate a "+noun,
			func(ctx context.Context, req *GetRequest) (*R, error) {
				return one(s.SetActive(ctx, pr(ctx), kind, req.OspID, true))
			}),
		api.Post(base+"/deactivate", staff, "resource", "Deactivate a "+noun+": it leaves every composition and permission view at once",
			func(ctx context.Context, req *GetRequest) (*R, error) {
				return one(s.SetActive(ctx, pr(ctx), kind, req.OspID, false))
			}),
		api.Post(base+"/delete", staff, "resource", "Delete (archive) a "+noun+": inactive and gone from every list; what named it keeps its history",
			func(ctx context.Context, req *GetRequest) (api.NoContent, error) {
				return api.NoContent{}, s.Delete(ctx, pr(ctx), kind, req.OspID)
			}),
	}
}

// catalogueRoutes are the calls across kinds, the mobility modes, the fee
// schedule check and the service resources' icons.
func (s *Service) catalogueRoutes() []api.Route {
	return []api.Route{
		api.Post(v1+"/resource/getByFilter", read, "resource", "Page through resources of every kind (search on name or extId, kinds, partner, mobility mode, label, active)",
			func(ctx context.Context, req *FilterRequest) (*paging.Page[Summary], error) {
				return s.Filter(ctx, pr(ctx), *req)
			}),
		api.Post(v1+"/resource/getByLabel", read, "resource", "Page through the resources that carry a label",
			func(ctx context.Context, req *ByLabelRequest) (*paging.Page[Summary], error) {
				return s.ByLabel(ctx, pr(ctx), *req)
			}),
		api.Post(v1+"/resource/mobilityModes/get", read, "resource", "The mobility modes with their labels in the caller's language",
			func(ctx context.Context, _ *api.Empty) ([]MobilityMode, error) { return s.MobilityModes(ctx), nil }),
		api.Post(v1+"/resource/fee/cron/check", read, "resource", "Check a fee schedule (cron): valid with its next 5 occurrences, or why not",
			func(ctx context.Context, req *CronCheckRequest) (*CronCheck, error) {
				return s.CheckCron(ctx, req.Cron), nil
			}),
		api.Post(v1+"/serviceResource/find/all", read, "resource", "Every service resource by name (all, or only active or inactive ones)",
			func(ctx context.Context, req *FindAllRequest) ([]Summary, error) {
				return s.FindAll(ctx, pr(ctx), KindService, req.Active)
			}),
		api.Post(v1+"/rentalcar/find/all", read, "resource", "Every rental-car resource by name (all, or only active or inactive ones)",
			func(ctx context.Context, req *FindAllRequest) ([]Summary, error) {
				return s.FindAll(ctx, pr(ctx), KindRental, req.Active)
			}),
		{
			Method: http.MethodPost, Path: v1 + "/resource/service/icon/upload", Policy: staff, Tag: "resource",
			Summary: "Upload a service resource's icon (PNG, JPEG or SVG, checked by content; SVG sanitised); replaces its icon",
			Request: IconUploadForm{}, Response: IconInfo{}, Status: http.StatusOK,
			Handler: http.HandlerFunc(s.serveIconUpload),
		},
		api.Post(v1+"/resource/service/icon/delete", staff, "resource", "Remove a service resource's icon",
			func(ctx context.Context, req *GetRequest) (api.NoContent, error) {
				return api.NoContent{}, s.DeleteIcon(ctx, pr(ctx), req.OspID)
			}),
		{
			Method: http.MethodGet, Path: v1 + "/image/icon", Policy: read, Tag: "resource",
			Summary: "A service resource's icon: its bytes with their content type; 404 when it has none",
			Request: IconRequest{}, ResponseContentType: "image/*", Status: http.StatusOK,
			Handler: http.HandlerFunc(s.serveIcon),
		},
	}
}

func (s *Service) labelRoutes() []api.Route {
	base := v1 + "/resource/label"
	return []api.Route{
		api.Post(base+"/create", staff, "resource", "Create a resource label (defaultValue and translations in en, nl, fr, de)",
			func(ctx context.Context, req *LabelWrite) (*Label, error) { return s.CreateLabel(ctx, pr(ctx), *req) }),
		api.Post(base+"/update", staff, "resource", "Change a resource label's texts",
			func(ctx context.Context, req *LabelUpdate) (*Label, error) { return s.UpdateLabel(ctx, pr(ctx), *req) }),
		api.Post(base+"/get", read, "resource", "One resource label",
			func(ctx context.Context, req *GetRequest) (*Label, error) { return s.GetLabel(ctx, pr(ctx), req.OspID) }),
		api.Post(base+"/getByFilter", read, "resource", "Page through resource labels",
			func(ctx context.Context, req *LabelFilterRequest) (*paging.Page[Label], error) {
				return s.FilterLabels(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/activate", staff, "resource", "Activate a resource label",
			func(ctx context.Context, req *GetRequest) (*Label, error) {
				return s.SetLabelActive(ctx, pr(ctx), req.OspID, true)
			}),
		api.Post(base+"/deactivate", staff, "resource", "Deactivate a resource label: resources stop showing it",
			func(ctx context.Context, req *GetRequest) (*Label, error) {
				return s.SetLabelActive(ctx, pr(ctx), req.OspID, false)
			}),
		api.Post(base+"/delete", staff, "resource", "Delete (archive) a resource label",
			func(ctx context.Context, req *GetRequest) (api.NoContent, error) {
				return api.NoContent{}, s.DeleteLabel(ctx, pr(ctx), req.OspID)
			}),
	}
}

func (s *Service) groupRoutes() []api.Route {
	base := v1 + "/resourcegroup"
	return []api.Route{
		api.Post(base+"/create", staff, "resourcegroup", "Create a resource group (active), optionally with active resources in it",
			func(ctx context.Context, req *GroupWrite) (*GroupDetail, error) {
				return s.CreateGroup(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/update", staff, "resourcegroup", "Rename a resource group or change its description",
			func(ctx context.Context, req *GroupUpdate) (*GroupDetail, error) {
				return s.UpdateGroup(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/get", read, "resourcegroup", "One resource group with its members",
			func(ctx context.Context, req *GetRequest) (*GroupDetail, error) {
				return s.GetGroup(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/findAll", read, "resourcegroup", "Every resource group by name (all, or only active or inactive ones)",
			func(ctx context.Context, req *GroupFindAllRequest) ([]Group, error) {
				return s.FindAllGroups(ctx, pr(ctx), req.Active)
			}),
		api.Post(base+"/getByFilter", read, "resourcegroup", "Page through resource groups",
			func(ctx context.Context, req *GroupFilterRequest) (*paging.Page[Group], error) {
				return s.FilterGroups(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/add", staff, "resourcegroup", "Add active resources to a group (all or none)",
			func(ctx context.Context, req *GroupMembersRequest) (*GroupDetail, error) {
				return s.ChangeMembers(ctx, pr(ctx), *req, true)
			}),
		api.Post(base+"/remove", staff, "resourcegroup", "Remove resources from a group",
			func(ctx context.Context, req *GroupMembersRequest) (*GroupDetail, error) {
				return s.ChangeMembers(ctx, pr(ctx), *req, false)
			}),
		api.Post(base+"/activate", staff, "resourcegroup", "Activate a resource group, or deactivate it with active false",
			func(ctx context.Context, req *GroupActivateRequest) (*GroupDetail, error) {
				return s.SetGroupActive(ctx, pr(ctx), req.OspID, req.Active == nil || *req.Active)
			}),
		api.Post(base+"/delete", staff, "resourcegroup", "Delete (archive) a resource group: inactive and gone from every list; compositions keep its history",
			func(ctx context.Context, req *GetRequest) (api.NoContent, error) {
				return api.NoContent{}, s.DeleteGroup(ctx, pr(ctx), req.OspID)
			}),
	}
}

func (s *Service) fuelRoutes() []api.Route {
	return []api.Route{
		api.Post(v1+"/fuelstation/owner/get", read, "fuel", "A gas station's owner periods (a company or partner admin: those of their own companies)",
			func(ctx context.Context, req *StationRequest) (*StationOwners, error) {
				return s.Owners(ctx, pr(ctx), req.GasStationOspID)
			}),
		api.Post(v1+"/fuelstation/owner/update", staff, "fuel", "Replace a gas station's owner periods (no two may overlap)",
			func(ctx context.Context, req *OwnersUpdate) (*StationOwners, error) {
				return s.ReplaceOwners(ctx, pr(ctx), *req)
			}),
		api.Post(v1+"/fuelstation/getByOwner", read, "fuel", "The gas stations a company owns or owned, with the periods",
			func(ctx context.Context, req *ByOwnerRequest) ([]OwnedStation, error) {
				return s.ByOwner(ctx, pr(ctx), *req)
			}),
		api.Post(v1+"/fuel/partner", read, "fuel", "The MRP partners that offer active gas stations",
			func(ctx context.Context, _ *api.Empty) ([]FuelPartner, error) { return s.FuelPartners(ctx) }),
	}
}
