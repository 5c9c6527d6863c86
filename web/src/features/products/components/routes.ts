import { namedRoutes, paths } from '@/lib/routes';
import type { ElementKind } from '../api/types';

/** Route state the details tab reads after a save: whether the server cleaned the HTML. */
export interface SavedState {
  sanitised: boolean;
}

export const productPath = namedRoutes.Product;

/** The composition's add routes of SPEC §2, one per kind. */
const ADD_PATHS: Record<ElementKind, string> = {
  RESOURCE_GROUP: paths.addProductResourceGroup,
  SERVICE: paths.addProductServiceResource,
  RENTAL_CAR: paths.addProductRentalCar,
};

export function addElementsPath(productOspId: string, kind: ElementKind): string {
  return ADD_PATHS[kind].replace(':productOspId', encodeURIComponent(productOspId));
}
