import { parseExactJson } from '../../shared/exact-json.js';
import { fields, list, textOf } from '../mapping.js';

/** PrestaShop's error code for a Webservice switched off (`WebserviceRequest::isActivated`, answered 503). */
const WEBSERVICE_DISABLED = 22;

/**
 * The codes of a key PrestaShop does not take at all (`WebserviceRequest::authenticate`): 18 not 32
 * characters, 20 not active or unknown, 21 no permission at all. Code 26 (a resource the key may not
 * read) is a missing permission instead, which `connect prestashop` names by resource.
 */
const KEY_NOT_TAKEN = [18, 20, 21];

/** A resource the key may not read (`Resource of type "customers" is not allowed with this authentication key`). */
const RESOURCE_NOT_ALLOWED = 26;

/** How a refusal of the key itself begins, so `connect prestashop` tells it from a missing permission. */
export const KEY_REFUSED = 'PrestaShop refused the Webservice key';

interface WebserviceError {
  code: number;
  message: string;
}

/**
 * The errors of a Webservice error answer, JSON (`{"errors":[{"code":22,…}]}`) or XML
 * (`<code><![CDATA[22]]></code>`), which it sends before reading `output_format`.
 */
function errorsOf(text: string): WebserviceError[] {
  try {
    return list(fields(parseExactJson(text))['errors']).map((e) => ({
      code: Number(fields(e)['code']),
      message: textOf(fields(e)['message'] ?? ''),
    }));
  } catch {
    return [
      ...text.matchAll(/<code><!\[CDATA\[(\d+)\]\]><\/code>\s*<message><!\[CDATA\[([^\]]*)\]\]><\/message>/g),
    ].map((m) => ({
      code: Number(m[1]),
      message: m[2] ?? '',
    }));
  }
}

/**
 * Answers of PrestaShop's Webservice that no retry mends, as the sentence to stop with: a 503 that
 * says the Webservice is off, and a 401 for the key itself (unknown, inactive, mistyped), each
 * naming what to do in the back office, instead of the currency or a list of resources.
 */
export function webserviceDisabled(status: number, text: string): string | undefined {
  const errors = errorsOf(text);
  if (status === 503 && errors.some((e) => e.code === WEBSERVICE_DISABLED))
    return 'PrestaShop\'s Webservice is disabled: turn on "Enable PrestaShop\'s webservice" (Advanced Parameters → Webservice)';
  const refused = errors.filter((e) => KEY_NOT_TAKEN.includes(e.code));
  if (status !== 401 || refused.length === 0 || errors.some((e) => e.code === RESOURCE_NOT_ALLOWED)) return undefined;
  const said = refused.map((e) => `${e.code} ${e.message}`.trim()).join('; ');
  return `${KEY_REFUSED} (401, code ${said}): check SHOPBEACON_PRESTASHOP_KEY, and that the key exists and its Status is on (Advanced Parameters → Webservice)`;
}
