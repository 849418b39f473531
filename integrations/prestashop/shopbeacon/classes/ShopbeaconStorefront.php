<?php
/**
 * shopbeacon for PrestaShop: the snippet in the storefront's head.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * The snippet on every storefront page, as the WooCommerce plugin's Shopbeacon_Storefront prints
 * it: the stub (snippet/stub.js, so calls made before the script loads are queued), the script
 * tag from the relay's public path (with the consent mode and cookie domain the snippet reads from
 * its `data-*` attributes), `identify` for a logged-in customer (their PrestaShop customer id),
 * `reset` once they logged out, and `viewProduct` on a product page.
 */
class ShopbeaconStorefront
{
    /** snippet/stub.js, byte for byte (a test compares them). */
    const STUB = 'window.shopbeacon=window.shopbeacon||function(){(shopbeacon.q=shopbeacon.q||[]).push(arguments)}';

    /** @var ShopbeaconSettings */
    private $settings;

    public function __construct(ShopbeaconSettings $settings)
    {
        $this->settings = $settings;
    }

    /** The head's HTML for this page (`displayHeader`). */
    public function head(Context $context)
    {
        $src = $this->settings->publicPath() . 'shopbeacon.js';
        $attributes = ' async src="' . self::attribute($src) . '"';
        $mode = $this->settings->consentMode();
        if (ShopbeaconSettings::CONSENT_REQUIRED === $mode || ShopbeaconSettings::CONSENT_GCM === $mode) {
            $attributes .= ' data-consent="' . $mode . '"';
        } elseif (ShopbeaconSettings::CONSENT_NONE === $mode) {
            $attributes .= ' data-respect-gpc="false"';
        }
        $domain = $this->settings->cookieDomain();
        if ('' !== $domain) {
            $attributes .= ' data-cookie-domain="' . self::attribute($domain) . '"';
        }

        return '<script>' . self::STUB . ";\n" . $this->calls($context) . ShopbeaconAttribution::SCRIPT . "</script>\n"
            . '<script' . $attributes . "></script>\n";
    }

    /** The calls for this page, each a line of `shopbeacon(...)`. */
    private function calls(Context $context)
    {
        $calls = [];
        $customer = $context->customer;
        if (is_object($customer) && $customer->isLogged() && (int) $customer->id > 0) {
            $calls[] = ['identify', (string) (int) $customer->id];
        } elseif (ShopbeaconVisitor::isIdentified($_COOKIE)) {
            $calls[] = ['reset'];
        }
        $product = self::productOfPage($context);
        if ($product) {
            $fields = ShopbeaconProductFields::of($product, ShopbeaconProductFields::combinationShown($context), 1, $context);
            unset($fields['quantity']);
            $calls[] = ['viewProduct', $fields];
        }
        return implode('', array_map([__CLASS__, 'call'], $calls));
    }

    /** The product of a product page (ProductController::getProduct(), PrestaShop 1.7 and 8), else null. */
    private static function productOfPage(Context $context)
    {
        $controller = $context->controller;
        if (!is_object($controller) || !isset($controller->php_self) || 'product' !== $controller->php_self || !method_exists($controller, 'getProduct')) {
            return null;
        }
        $product = $controller->getProduct();

        return Validate::isLoadedObject($product) && ShopbeaconProductFields::isShown($product, $context) ? $product : null;
    }

    /**
     * One call of the snippet as a line of a script element: `shopbeacon("viewList",{…});`.
     *
     * @param array $call The command and its arguments
     */
    public static function call(array $call)
    {
        return 'shopbeacon(' . substr(self::json($call), 1, -1) . ");\n";
    }

    /** JSON that cannot end the script element or open a comment in it. */
    private static function json($value)
    {
        return json_encode($value, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES);
    }

    private static function attribute($value)
    {
        return htmlspecialchars($value, ENT_QUOTES, 'UTF-8');
    }
}
