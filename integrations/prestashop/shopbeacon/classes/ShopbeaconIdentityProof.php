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
 * snippet's own `_sb_uid`, set on every page rendered for the customer the snippet identifies (the
 * same test as ShopbeaconStorefront's). The first page after a logout (rendered for nobody while
 * the snippet still identifies) keeps it one day more, not less: the snippet replays events it could
 * not send yet with the ids they were captured with (for up to a day), and those are the
 * customer's own. Without the secret in the settings it does nothing.
 */
class ShopbeaconIdentityProof
{
    const COOKIE = '_sb_idp';

    /** As long as the snippet remembers an identified visitor (`_sb_uid`: 400 days). */
    const LIFETIME = 34560000;

    /** After a logout: as long as the snippet keeps an event it could not send (24 hours). */
    const AFTER_LOGOUT = 86400;

    /** @var ShopbeaconSettings */
    private $settings;

    public function __construct(ShopbeaconSettings $settings)
    {
        $this->settings = $settings;
    }

    /** The page's customer proven; the first page after a logout lets the proof run out. */
    public function forPage(Context $context)
    {
        $secret = $this->settings->identitySecret();
        if ('' === $secret || headers_sent()) {
            return;
        }
        $customer = $context->customer;
        // Only with the shopper's consent: the proof serves tracking alone; a shopper who consents later is proven on their next page.
        $consented = ShopbeaconVisitor::consented($_COOKIE, $_SERVER, $this->settings->consentMode());
        if ($consented && is_object($customer) && $customer->isLogged() && (int) $customer->id > 0) {
            $this->prove(hash_hmac('sha256', (string) (int) $customer->id, $secret));
        } elseif (ShopbeaconVisitor::isIdentified($_COOKIE) && isset($_COOKIE[self::COOKIE]) && is_string($_COOKIE[self::COOKIE])
            && 1 === preg_match('/^[0-9a-f]{64}$/', $_COOKIE[self::COOKIE])) {
            $this->setCookie($_COOKIE[self::COOKIE], time() + self::AFTER_LOGOUT);
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
