// /withdraw: alias of /account/withdraw (spec 2 §2).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/account/withdraw${new URL(request.url).search}`);
}
