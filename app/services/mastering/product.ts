// The mastering product (GET /api/products/dolby): one song mastered, at the price set in config
// (MASTERING_PRICE_CENTS, USD). A price of 0 takes mastering off sale: the page then shows ERROR_LOADING_PRODUCT.
import { env } from "~/server/env.server";
import { ApiError } from "~/server/http.server";
import { MASTERING_ERRORS } from "~/utils/mastering";

export interface MasteringProduct {
  id: "dolby";
  name: string;
  description: string;
  amountCents: number;
  currency: "usd";
  /** "$9.99" */
  price: string;
  refundable: false;
}

export const NON_REFUNDABLE_NOTICE = "Mastering is a one-time purchase per song and is non-refundable once paid.";

export function masteringProduct(amountCents: number = env.MASTERING_PRICE_CENTS): MasteringProduct {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new ApiError(503, "ERROR_LOADING_PRODUCT", MASTERING_ERRORS.ERROR_LOADING_PRODUCT);
  return {
    id: "dolby",
    name: "Songloom Mastering",
    description: "One song mastered with the preset you choose, at the loudness streaming services expect, ready to release to 40+ platforms.",
    amountCents,
    currency: "usd",
    price: `$${(amountCents / 100).toFixed(2)}`,
    refundable: false,
  };
}
