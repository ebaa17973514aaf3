// The conditions of a typed filter on one field (StringFilter, DateTimeFilter...), as the schema hands them over.
import type { SearchValue } from './search-syntax';

export interface ScalarFilter {
  eq?: SearchValue | null;
  ne?: SearchValue | null;
  lt?: SearchValue | null;
  lte?: SearchValue | null;
  gt?: SearchValue | null;
  gte?: SearchValue | null;
  in?: SearchValue[] | null;
  notIn?: SearchValue[] | null;
  contains?: string | null;
  isNull?: boolean | null;
}
