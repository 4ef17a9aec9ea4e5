// Every filter, in style order.
import type { Filter } from "../types";
import { AVANT_NOVA_FILTERS } from "./avantNova";
import { CUSTOM_FILTERS } from "./custom";
import { EDM_FILTERS } from "./edm";
import { EXPERIMENTAL_FILTERS } from "./experimental";
import { GROOVE_FILTERS } from "./groove";
import { LOFI_FILTERS } from "./lofi";
import { ALL_FLAVORS, RAP_FILTERS } from "./rap";
import { RELAXATION_FILTERS } from "./relaxation";

export const FILTERS: readonly Filter[] = [
  ...EDM_FILTERS,
  ...RAP_FILTERS,
  ALL_FLAVORS,
  ...LOFI_FILTERS,
  ...GROOVE_FILTERS,
  ...RELAXATION_FILTERS,
  ...EXPERIMENTAL_FILTERS,
  ...AVANT_NOVA_FILTERS,
  ...CUSTOM_FILTERS,
];
