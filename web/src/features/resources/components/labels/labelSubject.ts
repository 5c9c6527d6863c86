import type { ResourceLabel } from '../../api/types';

/** The confirmations name a label by its default text. */
export const labelSubject = (label: ResourceLabel) => ({ name: label.defaultValue, active: label.active });
