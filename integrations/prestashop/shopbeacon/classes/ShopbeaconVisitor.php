<?php
/**
 * shopbeacon for PrestaShop: the visitor's ids from the snippet's cookies.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * The visitor's ids from the snippet's cookies, by the rules of the relay's `readVisitorIds`
 * (relay/client/visitor-ids.ts), as the WooCommerce plugin's Shopbeacon_Visitor reads them:
 * `_sb_uid` is an anonymous id or `~` and a customer id; `_sb_sid` is an id, or `id.start.last`
 * as older snippets wrote it. Anything else is ignored; none is invented.
 */
class ShopbeaconVisitor
{
    /** snippet/protocol.ts ID_PATTERN. */
    const ID_PATTERN = '/^[\w-]{8,64}$/';

    /** snippet/protocol.ts USER_COOKIE_PATTERN: an anonymous id, or `~` and 1 to 128 cookie-octets. */
    const USER_COOKIE_PATTERN = '/^(~[!#-+\--:<-\[\]-~]{1,128}|[\w-]{8,64})$/';

    /** The cookie the relay sets on a browser it judged automated (relay/collect/collect-route.ts). */
    const BOT_COOKIE = '_sb_bot';

    /**
     * `['user_id' => ..., 'session_id' => ...]`, or null while the visitor has no id yet (the first
     * page's script has not run), or refused consent (`_sb_c` is `0`).
     *
     * @param array $cookies As `$_COOKIE`
     *
     * @return array|null
     */
    public static function ids(array $cookies)
    {
        if (isset($cookies['_sb_c']) && '0' === $cookies['_sb_c']) {
            return null;
        }
        $user = isset($cookies['_sb_uid']) && is_string($cookies['_sb_uid']) ? $cookies['_sb_uid'] : '';
        if (1 !== preg_match(self::USER_COOKIE_PATTERN, $user)) {
            return null;
        }
        $ids = ['user_id' => '~' === $user[0] ? substr($user, 1) : $user];
        $session = isset($cookies['_sb_sid']) && is_string($cookies['_sb_sid']) ? explode('.', $cookies['_sb_sid'])[0] : '';
        if (1 === preg_match(self::ID_PATTERN, $session)) {
            $ids['session_id'] = $session;
        }

        return $ids;
    }

    /**
     * Whether the shopper consents, by the snippet's own rule (snippet/consent.ts): a remembered
     * `_sb_c` wins, then Global Privacy Control; consent required, or left to Google Consent Mode,
     * is given only by the `_sb_c=1` the snippet writes once the banner granted it.
     *
     * @param array $cookies As `$_COOKIE`
     * @param array $server As `$_SERVER` (its `HTTP_SEC_GPC`)
     * @param string $mode ShopbeaconSettings::consentMode()
     *
     * @return bool
     */
    public static function consented(array $cookies, array $server, $mode)
    {
        $remembered = isset($cookies['_sb_c']) && is_string($cookies['_sb_c']) ? $cookies['_sb_c'] : '';
        $gpc = ShopbeaconSettings::CONSENT_GPC === $mode && isset($server['HTTP_SEC_GPC']) && is_string($server['HTTP_SEC_GPC']) && '1' === trim($server['HTTP_SEC_GPC']);
        $askFirst = in_array($mode, [ShopbeaconSettings::CONSENT_REQUIRED, ShopbeaconSettings::CONSENT_GCM], true);

        return '1' === $remembered || ('0' !== $remembered && !$gpc && !$askFirst);
    }

    /**
     * The ids of a visitor the server may send events for, else null: with their consent
     * (consented()), and never for a browser the relay judged automated.
     *
     * @param array $cookies As `$_COOKIE`
     * @param array $server As `$_SERVER` (its `HTTP_SEC_GPC`)
     * @param string $mode ShopbeaconSettings::consentMode()
     *
     * @return array|null
     */
    public static function tracked(array $cookies, array $server, $mode)
    {
        return self::consented($cookies, $server, $mode) && !isset($cookies[self::BOT_COOKIE]) ? self::ids($cookies) : null;
    }

    /** Whether `_sb_uid` holds an identified customer (`~` and an id). */
    public static function isIdentified(array $cookies)
    {
        return null !== self::ids($cookies) && '~' === $cookies['_sb_uid'][0];
    }
}
