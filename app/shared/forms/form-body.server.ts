import { data } from "react-router";
import { FORM_UNREADABLE } from "../messages.ts";

/**
 * The request's form. A body that declares a form type but is not one (a multipart body with a
 * valid boundary and broken parts: server/form-bodies.ts lets the type through) is the client's
 * mistake: a 400 with a plain message, logged as a client error, never a 500.
 */
export async function readFormBody(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(FORM_UNREADABLE, { status: 400, statusText: "Bad Request" });
  }
}
