<?php
/**
 * shopbeacon for PrestaShop: the shop's proof of its logged-in customer for the relay.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * For a relay that believes a customer id from a browser only with the shop's proof
 * (SHOPBEACON_IDENTITY_SECRET): the hex HMAC-SHA256 of the customer id under that secret, in the
 * first-party cookie `_sb_idp` the relay reads on `/collect`. HttpOnly, as long-lived as the
 * snippet's own `_sb_uid`. Set on every page rendered for the customer the snippet identifies
 * (the same test as ShopbeaconStorefront's), deleted on a page rendered for nobody: a logout lands
 * on one. Without the secret in the settings it does nothing.
 */
class ShopbeaconIdentityProof
{
    const COOKIE = '_sb_idp';

    /** As long as the snippet remembers an identified visitor (`_sb_uid`: 400 days). */
    const LIFETIME = 34560000;

    /** @var ShopbeaconSettings */
    private $settings;

    public function __construct(ShopbeaconSettings $settings)
    {
        $this->settings = $settings;
    }

    /** The page's customer proven, or a proof left by one who is no longer logged in deleted. */
    public function forPage(Context $context)
    {
        $secret = $this->settings->identitySecret();
        if ('' === $secret || headers_sent()) {
            return;
        }
        $customer = $context->customer;
        if (is_object($customer) && $customer->isLogged() && (int) $customer->id > 0) {
            $this->prove(hash_hmac('sha256', (string) (int) $customer->id, $secret));
        } elseif (isset($_COOKIE[self::COOKIE])) {
            $this->setCookie('', 1);
            unset($_COOKIE[self::COOKIE]);
        }
    }

    private function prove($proof)
    {
        $held = isset($_COOKIE[self::COOKIE]) && is_string($_COOKIE[self::COOKIE]) ? $_COOKIE[self::COOKIE] : '';
        if (!hash_equals($proof, $held)) {
            $this->setCookie($proof, time() + self::LIFETIME);
            $_COOKIE[self::COOKIE] = $proof;
        }
    }

    /** On every path (the relay's `/sb/` beside the shop), the settings' cookie domain, SameSite=Lax. */
    private function setCookie($value, $expires)
    {
        $domain = $this->settings->cookieDomain();
        $secure = (bool) Tools::usingSecureMode();
        if (PHP_VERSION_ID >= 70300) {
            setcookie(self::COOKIE, $value, ['expires' => $expires, 'path' => '/', 'domain' => $domain, 'secure' => $secure, 'httponly' => true, 'samesite' => 'Lax']);
        } else {
            // PHP 7.1 and 7.2 (PrestaShop 1.7.8's floor) know no SameSite option: it rides on the path.
            setcookie(self::COOKIE, $value, $expires, '/; samesite=Lax', $domain, $secure, true);
        }
    }
}
