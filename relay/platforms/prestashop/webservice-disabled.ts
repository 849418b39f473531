import { parseExactJson } from '../../shared/exact-json.js';
import { fields, list } from '../mapping.js';

/** PrestaShop's error code for a Webservice switched off (`WebserviceRequest::isActivated`, answered 503). */
const WEBSERVICE_DISABLED = 22;

/** The error codes of a Webservice error answer, JSON (`{"errors":[{"code":22,…}]}`) or XML (`<code><![CDATA[22]]></code>`), which it sends before reading `output_format`. */
function errorCodes(text: string): number[] {
  try {
    return list(fields(parseExactJson(text))['errors']).map((e) => Number(fields(e)['code']));
  } catch {
    return [...text.matchAll(/<code><!\[CDATA\[(\d+)\]\]><\/code>/g)].map((m) => Number(m[1]));
  }
}

/** A 503 that says the Webservice is off: no retry mends it, the shop's back office does. */
export function webserviceDisabled(status: number, text: string): string | undefined {
  if (status !== 503 || !errorCodes(text).includes(WEBSERVICE_DISABLED)) return undefined;
  return "PrestaShop's Webservice is disabled: turn on \"Enable PrestaShop's webservice\" (Advanced Parameters → Webservice)";
}
