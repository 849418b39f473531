<?php
/**
 * shopbeacon for PrestaShop: the module's settings (Configuration keys) with their defaults.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * The six settings the configuration page saves, as the WooCommerce plugin's Shopbeacon_Settings
 * reads its own: a value left empty is its default. In a multistore each shop has its own relay
 * (its address, its key): the settings are read for the shop named at construction, so work done
 * for one shop (a queued event sent at the end of a request) never uses another shop's relay.
 */
class ShopbeaconSettings
{
    const PUBLIC_PATH = 'SHOPBEACON_PUBLIC_PATH';
    const LOCAL_URL = 'SHOPBEACON_LOCAL_URL';
    const ADMIN_KEY = 'SHOPBEACON_ADMIN_KEY';
    const CONSENT = 'SHOPBEACON_CONSENT';
    const COOKIE_DOMAIN = 'SHOPBEACON_COOKIE_DOMAIN';
    const IDENTITY_SECRET = 'SHOPBEACON_IDENTITY_SECRET';

    /** Where browsers reach the relay: a path on the shop's origin (the README's nginx block). */
    const DEFAULT_PUBLIC_PATH = '/sb/';

    /** Where this server reaches the relay: beside it, on loopback. */
    const DEFAULT_LOCAL_URL = 'http://127.0.0.1:8787';

    /** The snippet's default: Global Privacy Control counts as a refusal unless the page grants consent. */
    const CONSENT_GPC = 'gpc';
    /** `data-consent="required"`: nothing stored or sent before `shopbeacon('consent', true)`. */
    const CONSENT_REQUIRED = 'required';
    /** `data-respect-gpc="false"`: no consent step at all. */
    const CONSENT_NONE = 'none';
    /**
     * `data-consent="gcm"`: the shop's cookie module decides, through the Google Consent Mode v2
     * state it puts in `dataLayer`; nothing stored or sent before it grants. Not the default: on a
     * shop without such a module nothing would ever be granted, and every event lost.
     */
    const CONSENT_GCM = 'gcm';

    /** @return string[] The consent modes, as the configuration page offers them. */
    public static function consentModes()
    {
        return [self::CONSENT_GPC, self::CONSENT_GCM, self::CONSENT_REQUIRED, self::CONSENT_NONE];
    }

    /** @return string[] Every key, for install and uninstall. */
    public static function keys()
    {
        return [self::PUBLIC_PATH, self::LOCAL_URL, self::ADMIN_KEY, self::CONSENT, self::COOKIE_DOMAIN, self::IDENTITY_SECRET];
    }

    /** @var int|null */
    private $idShop;

    /** @var int|null */
    private $idShopGroup;

    /**
     * @param int|null $idShop the shop whose settings these are; null: the back office's shop context (all shops: the global values)
     * @param int|null $idShopGroup that shop's group
     */
    public function __construct($idShop = null, $idShopGroup = null)
    {
        $this->idShop = null === $idShop ? null : (int) $idShop;
        $this->idShopGroup = null === $idShopGroup ? null : (int) $idShopGroup;
    }

    /** The settings of the shop a storefront request is for. */
    public static function forShop(Shop $shop)
    {
        return new self((int) $shop->id, (int) $shop->id_shop_group);
    }

    /** The shop these settings are for, 0 for the back office's context. */
    public function shopId()
    {
        return (int) $this->idShop;
    }

    /** The shop's group, 0 for the back office's context. */
    public function shopGroupId()
    {
        return (int) $this->idShopGroup;
    }

    private function value($key, $fallback)
    {
        $value = Configuration::get($key, null, $this->idShopGroup, $this->idShop);
        $value = is_string($value) ? trim($value) : '';

        return '' === $value ? $fallback : $value;
    }

    /** The relay's public path (or https:// URL), ending in one `/`. */
    public function publicPath()
    {
        return rtrim($this->value(self::PUBLIC_PATH, self::DEFAULT_PUBLIC_PATH), '/') . '/';
    }

    /** The relay's local address, without a trailing `/`. */
    public function localUrl()
    {
        return rtrim($this->value(self::LOCAL_URL, self::DEFAULT_LOCAL_URL), '/');
    }

    /** The relay's SHOPBEACON_INGEST_KEY (or its admin key); '' when not set (events are then not sent). */
    public function adminKey()
    {
        return $this->value(self::ADMIN_KEY, '');
    }

    /** The relay's SHOPBEACON_IDENTITY_SECRET; '' when not set (no proof is made). */
    public function identitySecret()
    {
        return $this->value(self::IDENTITY_SECRET, '');
    }

    /** One of the CONSENT_* modes; anything else is the snippet's default. */
    public function consentMode()
    {
        $mode = $this->value(self::CONSENT, self::CONSENT_GPC);

        return in_array($mode, self::consentModes(), true) ? $mode : self::CONSENT_GPC;
    }

    /** A cookie domain (`shop.example`, `.shop.example`), or '' for the page's own host. */
    public function cookieDomain()
    {
        $domain = strtolower($this->value(self::COOKIE_DOMAIN, ''));

        return self::isCookieDomain($domain) ? $domain : '';
    }

    /** Letters, digits, dots and hyphens, at least one inner dot: what a cookie's Domain can name. */
    public static function isCookieDomain($domain)
    {
        return is_string($domain) && 1 === preg_match('/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i', $domain) && strlen($domain) <= 253;
    }
}
