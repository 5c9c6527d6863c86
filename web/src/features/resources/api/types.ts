// The resource calls' types, named from the server's OpenAPI document.
import type { components } from '@/lib/api/schema';
import type { Body, Reply } from '@/lib/api/typed';
import type { RESOURCE_TABS } from '@/lib/routes';

type Schemas = components['schemas'];

/** A kind of resource: the {target} of resource/{target}/… */
export type Kind = NonNullable<(typeof RESOURCE_TABS)[number]['kind']>;

/**
 * Each kind's types as the OpenAPI document names them: what
 * resource/{kind}/get (and create, update, the list) answers, what create
 * takes and what update takes.
 */
interface KindTypes {
  service: { resource: Schemas['ResourceServiceResource']; write: Schemas['ResourceServiceWrite']; update: Schemas['ResourceServiceUpdate'] };
  transport: { resource: Schemas['ResourceTransportStop']; write: Schemas['ResourceTransportWrite']; update: Schemas['ResourceTransportUpdate'] };
  parking: { resource: Schemas['ResourceParkingLot']; write: Schemas['ResourceParkingWrite']; update: Schemas['ResourceParkingUpdate'] };
  bike: { resource: Schemas['ResourceBikeStation']; write: Schemas['ResourceBikeWrite']; update: Schemas['ResourceBikeUpdate'] };
  car: { resource: Schemas['ResourceCarShare']; write: Schemas['ResourceCarWrite']; update: Schemas['ResourceCarUpdate'] };
  rental: { resource: Schemas['ResourceRentalCar']; write: Schemas['ResourceRentalWrite']; update: Schemas['ResourceRentalUpdate'] };
  gasstation: { resource: Schemas['ResourceGasStation']; write: Schemas['ResourceGasStationWrite']; update: Schemas['ResourceGasStationUpdate'] };
}

/** One resource of kind K, as get, create, update and the list answer it. */
export type ResourceOf<K extends Kind> = KindTypes[K]['resource'];
/** What create of kind K takes. */
export type ResourceWriteOf<K extends Kind> = KindTypes[K]['write'];
/** What update of kind K takes: create's fields and the ospId. */
export type ResourceUpdateOf<K extends Kind> = KindTypes[K]['update'];
/** A page of kind K's resources. */
export type ResourcePageOf<K extends Kind> = Omit<Schemas['PageOfResourceSummary'], 'content'> & { content: ResourceOf<K>[] };
/** Any kind's resource: the fields every kind shows, and its kind's. */
export type AnyResource = ResourceOf<Kind>;

// The table above must say what the document gives each kind's paths: a
// path or a type that no longer matches fails the build here (the calls in
// resources.ts build their paths from the kind and rely on it).
type KindPath<K extends Kind, C extends string> = `/portal-service/v1/resource/${K}/${C}`;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Matches<K extends Kind> = [
  Same<Reply<KindPath<K, 'get'>>, ResourceOf<K>>,
  Same<Reply<KindPath<K, 'create'>>, ResourceOf<K>>,
  Same<Reply<KindPath<K, 'update'>>, ResourceOf<K>>,
  Same<Reply<KindPath<K, 'activate'>>, ResourceOf<K>>,
  Same<Reply<KindPath<K, 'deactivate'>>, ResourceOf<K>>,
  Same<Reply<KindPath<K, 'getByFilter'>>, ResourcePageOf<K>>,
  Same<Reply<KindPath<K, 'delete'>>, undefined>,
  Same<Body<KindPath<K, 'create'>>, ResourceWriteOf<K>>,
  Same<Body<KindPath<K, 'update'>>, ResourceUpdateOf<K>>,
  Same<Body<KindPath<K, 'getByFilter'>>, Schemas['ResourceKindFilterRequest']>,
  Same<Body<KindPath<K, 'get'>>, Schemas['ResourceGetRequest']>,
];
type AllTrue<T extends readonly boolean[]> = T[number] extends true ? true : false;
export const KIND_TYPES_MATCH_THE_DOCUMENT: { [K in Kind]: AllTrue<Matches<K>> } = {
  service: true,
  transport: true,
  parking: true,
  bike: true,
  car: true,
  rental: true,
  gasstation: true,
};

export type KindFilter = Schemas['ResourceKindFilterRequest'];
export type ResourceFilter = Schemas['ResourceFilterRequest'];
export type ResourceSummary = Schemas['ResourceSummary'];
export type MobilityModeOption = Schemas['ResourceMobilityMode'];
export type MobilityMode = ResourceWriteOf<'service'>['mobilityMode'];
export type Address = Schemas['ResourceAddress'];
export type Fee = Schemas['ResourceFee'];
export type FeeWrite = Schemas['ResourceFeeWrite'];
export type FeeType = FeeWrite['feeType'];
export type FeeUnit = NonNullable<FeeWrite['unit']>;
export type CarCategory = ResourceWriteOf<'rental'>['carCategory'];
export type CronCheck = Schemas['ResourceCronCheck'];
export type IconInfo = Schemas['ResourceIconInfo'];
export type LabelRef = Schemas['ResourceLabelRef'];

export type ResourceLabel = Schemas['ResourceLabel'];
export type LabelWrite = Schemas['ResourceLabelWrite'];
export type LabelTranslation = Schemas['ResourceLabelTranslation'];
export type LabelFilter = Schemas['ResourceLabelFilterRequest'];

export type ResourceGroup = Schemas['ResourceGroup'];
export type ResourceGroupDetail = Schemas['ResourceGroupDetail'];
export type GroupFilter = Schemas['ResourceGroupFilterRequest'];

export type StationOwners = Schemas['ResourceStationOwners'];
export type Owner = Schemas['ResourceOwner'];
export type OwnerWrite = Schemas['ResourceOwnerWrite'];

/** Filter of the active state on lists: '' all, or only active or inactive ones. */
export type ActiveFilter = '' | 'active' | 'inactive';

export const activeOf = (state: ActiveFilter): boolean | undefined =>
  state === '' ? undefined : state === 'active';
