// The local Stripe stand-in reads the SDK's bracketed form encoding back into objects and arrays.
import { decodeStripeParams } from "~/services/billing/standin/form-encoding";

it("reads nested objects, indexed arrays and appended [] values", () => {
  const params = new URLSearchParams();
  params.append("mode", "subscription");
  params.append("line_items[0][price]", "price_1");
  params.append("line_items[0][quantity]", "1");
  params.append("line_items[1][price_data][product_data][name]", "Mastering");
  params.append("metadata[user_id]", "u1");
  params.append("expand[]", "a");
  params.append("expand[]", "b");
  params.append("lookup_keys[0]", "k0");
  expect(decodeStripeParams(params)).toEqual({
    mode: "subscription",
    line_items: [{ price: "price_1", quantity: "1" }, { price_data: { product_data: { name: "Mastering" } } }],
    metadata: { user_id: "u1" },
    expand: ["a", "b"],
    lookup_keys: ["k0"],
  });
});

it("keeps objects whose keys are not all indexes as objects", () => {
  expect(decodeStripeParams(new URLSearchParams("metadata[0]=a&metadata[x]=b"))).toEqual({ metadata: { "0": "a", x: "b" } });
});
