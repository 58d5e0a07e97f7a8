import { z } from 'zod';
import { CARD_BRANDS } from '../enums';
import { queryArray } from './common';

// The six variables of MIDs and routes (spec 2, section 3) as the API answers and filters them.

/** A MID's or a route's variables in an answer: each a list, empty meaning any value. */
export const criteriaLists = {
  currency: z.array(z.string()),
  issuerCountry: z.array(z.string()),
  cardBrand: z.array(z.string()),
  url: z.array(z.string()),
  customTag: z.array(z.string()),
  binCode: z.array(z.string()),
};

/** The list filters on the variables: a record is kept when its list holds any of the values. */
export const criteriaFilters = {
  currency: queryArray(z.string().regex(/^[A-Z]{3}$/)),
  issuerCountry: queryArray(z.string().regex(/^[A-Z]{2}$/)),
  cardBrand: queryArray(z.enum(CARD_BRANDS)),
  url: queryArray(z.string().max(2048)),
  customTag: queryArray(z.string().max(100)),
  binCode: queryArray(z.string().regex(/^\d{6}$/)),
};
