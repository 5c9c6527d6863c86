package resource

import "time"

// input is a resource write of any kind, as the service checks it.
type input struct {
	kind string
	ResourceWrite
	// loc is nil for service resources.
	loc         *LocationWrite
	capacity    *int
	carCategory string
	pumps       *int
}

func (w ServiceWrite) input() input { return input{kind: KindService, ResourceWrite: w.ResourceWrite} }
func (w TransportWrite) input() input {
	return input{kind: KindTransport, ResourceWrite: w.ResourceWrite, loc: &w.LocationWrite}
}
func (w ParkingWrite) input() input {
	return input{kind: KindParking, ResourceWrite: w.ResourceWrite, loc: &w.LocationWrite, capacity: w.Capacity}
}
func (w BikeWrite) input() input {
	return input{kind: KindBike, ResourceWrite: w.ResourceWrite, loc: &w.LocationWrite, capacity: w.Capacity}
}
func (w CarWrite) input() input {
	return input{kind: KindCar, ResourceWrite: w.ResourceWrite, loc: &w.LocationWrite}
}
func (w RentalWrite) input() input {
	return input{kind: KindRental, ResourceWrite: w.ResourceWrite, loc: &w.LocationWrite, carCategory: w.CarCategory}
}
func (w GasStationWrite) input() input {
	return input{kind: KindGasStation, ResourceWrite: w.ResourceWrite, loc: &w.LocationWrite, pumps: w.NumberOfPumps}
}

func (u ServiceUpdate) target() string    { return u.OspID }
func (u TransportUpdate) target() string  { return u.OspID }
func (u ParkingUpdate) target() string    { return u.OspID }
func (u BikeUpdate) target() string       { return u.OspID }
func (u CarUpdate) target() string        { return u.OspID }
func (u RentalUpdate) target() string     { return u.OspID }
func (u GasStationUpdate) target() string { return u.OspID }

// detail is a stored resource with what its answers show: its partner,
// labels, fees and icon.
type detail struct {
	row
	partner PartnerRef
	labels  []LabelRef
	fees    []Fee
	icon    *IconInfo
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func (d *detail) base() ResourceBase {
	labels, fees := d.labels, d.fees
	if labels == nil {
		labels = []LabelRef{}
	}
	if fees == nil {
		fees = []Fee{}
	}
	return ResourceBase{OspID: d.OspID, Kind: d.Kind, ExtID: d.ExtID, Name: d.Name, Description: d.Description, Active: d.Active,
		MrpPartner: d.partner, MobilityMode: d.MobilityMode, Labels: labels, Fees: fees,
		CreatedOn: stamp(d.CreatedAt), UpdatedOn: stamp(d.UpdatedAt)}
}

func (d *detail) location() Location {
	l := Location{Address: Address{Street: d.Street, StreetNumber: d.StreetNumber, ZipCode: d.ZipCode, City: d.City}}
	if d.Latitude != nil && d.Longitude != nil {
		l.Latitude, l.Longitude = *d.Latitude, *d.Longitude
	}
	return l
}

func (d *detail) summary() Summary {
	labels := d.labels
	if labels == nil {
		labels = []LabelRef{}
	}
	return Summary{OspID: d.OspID, Kind: d.Kind, ExtID: d.ExtID, Name: d.Name, Active: d.Active, MrpPartner: d.partner,
		MobilityMode: d.MobilityMode, Labels: labels, City: d.City, Latitude: d.Latitude, Longitude: d.Longitude, HasIcon: d.HasIcon}
}

func presentService(d *detail) ServiceResource {
	return ServiceResource{ResourceBase: d.base(), Icon: d.icon}
}
func presentTransport(d *detail) TransportStop {
	return TransportStop{ResourceBase: d.base(), Location: d.location()}
}
func presentParking(d *detail) ParkingLot {
	return ParkingLot{ResourceBase: d.base(), Location: d.location(), Capacity: d.Capacity}
}
func presentBike(d *detail) BikeStation {
	return BikeStation{ResourceBase: d.base(), Location: d.location(), Capacity: d.Capacity}
}
func presentCar(d *detail) CarShare { return CarShare{ResourceBase: d.base(), Location: d.location()} }
func presentRental(d *detail) RentalCar {
	cat := ""
	if d.CarCategory != nil {
		cat = *d.CarCategory
	}
	return RentalCar{ResourceBase: d.base(), Location: d.location(), CarCategory: cat}
}
func presentGasStation(d *detail) GasStation {
	pumps := 0
	if d.NumberOfPumps != nil {
		pumps = *d.NumberOfPumps
	}
	return GasStation{ResourceBase: d.base(), Location: d.location(), NumberOfPumps: pumps}
}
