// What the shop's banner says through each standard the snippet follows, from real sources: TC
// strings a CMP wrote, the Consent Mode commands Google documents, the WP Consent API's cookie.
import type { TcData } from '../../snippet/browser/tcf-consent.js';

/**
 * A TC string granting purposes 1 to 10 (and legitimate interest for 2 to 10), written by CMP 31,
 * quoted from the IAB's own decoder tests: InteractiveAdvertisingBureau/iabtcf-es,
 * modules/core/test/ReportedIssues.test.ts, "201 unable to decode valid TCF2 String".
 */
export const TC_STRING_ACCEPTED =
  'CO4VGswO4VGswAfZCBDEAzCsAP_AAH_AAAigGUNf_X9fb2vj-_599_t0eY1f9_63t-wzjheMs-8NyZ-X_J4Wv2MyvB34JqQKGRgkunLBAQdtHGncTQgBwIlViTLMY02MjzNKJrJEilsbe2dYGH9vn8XT_ZKZ70-_v__7v3___33_5Ayhr_6_r7e18f3_Pvv9ujzGr_v_W9v2GccLxln3huTPy_5PC1-xmV4O_BNSBQyMEl05YICDto407iaEAOBEqsSZZjGmxkeZpRNZIkUtjb2zrAw_t8_i6f7JTPen39___d-___--__ICgKAOAAcAA4AFAAjgB6AEYALcGACAW0AtoJAHAAOAAcACgARwA9ACMAFuFABALaAW0GgDgAHAAOABQAI4AegBGAC3DgAgFtALaEQBwADgAHAAoAEcAPQAjABbiQAQC2gFtCoA4ABwADgAUACOAHoARgAtxYAIBbQC2hkAcAA4ABwAKABHAD0AIwAW40AEAtoBbQ6AOAAcAA4AFAAjgB6AEYALceACAW0AtohAHAAOAAcACgARwA9ACMAFuRABALaAW0SgDgAHAAOABQAI4AegBGAC3JgAgFtALaKQBwADgAHAAoAEcAPQAjABblQAQC2gFtA';

/**
 * A TC string with no purpose consented and no publisher purpose (core, Disclosed Vendors and
 * Publisher TC segments), quoted from the TCF 2.3 specification: InteractiveAdvertisingBureau/
 * GDPR-Transparency-and-Consent-Framework, "TCFv2/IAB Tech Lab - Consent string and vendor list
 * formats v2.md", TC String Format.
 */
export const TC_STRING_REFUSED = 'CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA';

/** A TC string's fields the snippet's reading depends on, decoded as the specification lays them out. */
export interface DecodedTcString {
  version: number;
  cmpId: number;
  policyVersion: number;
  /** PurposesConsent: bits 152 to 175 of the core segment. */
  purposeConsents: number[];
  /** PurposesLITransparency: bits 176 to 199. */
  purposeLegitimateInterests: number[];
  /** PubPurposesConsent of the Publisher TC segment (segment type 3), when there is one. */
  publisherConsents: number[];
}

const bitsOf = (segment: string) =>
  [...Buffer.from(segment, 'base64url')].map((byte) => byte.toString(2).padStart(8, '0')).join('');
const intAt = (bits: string, at: number, length: number) => parseInt(bits.slice(at, at + length), 2);
const idsAt = (bits: string, at: number, length: number) =>
  [...bits.slice(at, at + length)].flatMap((bit, index) => (bit === '1' ? [index + 1] : []));

/** Decodes what a CMP reads from a TC string to build its `TCData` (the core and Publisher TC segments). */
export function decodeTcString(tcString: string): DecodedTcString {
  const [core = '', ...segments] = tcString.split('.');
  const bits = bitsOf(core);
  const publisher = segments.map(bitsOf).find((segment) => intAt(segment, 0, 3) === 3);
  return {
    version: intAt(bits, 0, 6),
    cmpId: intAt(bits, 78, 12),
    policyVersion: intAt(bits, 132, 6),
    purposeConsents: idsAt(bits, 152, 24),
    purposeLegitimateInterests: idsAt(bits, 176, 24),
    publisherConsents: publisher ? idsAt(publisher, 3, 24) : [],
  };
}

const flags = (ids: number[]) => Object.fromEntries(ids.map((id) => [id, true]));

/** `TCData` with the legitimate interests a CMP reports beside the consents, which the snippet never reads. */
export type FullTcData = TcData & { tcString: string; purpose: { legitimateInterests: Record<number, boolean> } };

/** The `TCData` a CMP hands an `addEventListener` callback for `tcString` (IAB CMP API v2, TCData). */
export function tcDataOf(tcString: string, eventStatus: 'tcloaded' | 'cmpuishown' | 'useractioncomplete'): FullTcData {
  const decoded = decodeTcString(tcString);
  return {
    tcString,
    eventStatus,
    gdprApplies: true,
    purpose: {
      consents: flags(decoded.purposeConsents),
      legitimateInterests: flags(decoded.purposeLegitimateInterests),
    },
    publisher: { consents: flags(decoded.publisherConsents) },
  };
}

/**
 * Consent Mode v2 as Google's "Set up consent mode on websites" (developers.google.com/tag-platform/
 * security/guides/consent) has a site write it: every type denied by default, then the update
 * once the visitor accepts.
 */
export const GCM_DEFAULT_DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
};
export const GCM_UPDATE_GRANTED = {
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  ad_storage: 'granted',
  analytics_storage: 'granted',
};

/**
 * Granted everywhere but denied in the EEA and the UK, as taggingdocs.com's "Consent Mode Setup in
 * GTM" writes the regional override (region list shortened to three).
 */
export const GCM_GLOBAL_GRANTED = {
  ad_storage: 'granted',
  analytics_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  security_storage: 'granted',
};
export const GCM_EEA_DENIED = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  wait_for_update: 500,
  region: ['AT', 'DE', 'FR'],
};
