<?php
/**
 * shopbeacon for PrestaShop: cart events from the server.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * Cart events from the server, through the cart's own hooks, so every way into and out of the cart
 * counts (the theme's AJAX button, the cart page's quantity arrows and bin, a plain form post, a
 * module calling Cart::updateQty), where a script on the page sees only some:
 *
 * - `actionCartUpdateQuantityBefore` (Cart::updateQty, before it changes anything: `quantity`,
 *   `operator` up or down) opens a change of one cart line;
 * - `actionObjectProductInCartDeleteBefore` (CartController, before Cart::deleteProduct) opens the
 *   removal of a line;
 * - the change is settled once it is done: at `actionCartSave` (Cart::update(), which updateQty and
 *   deleteProduct call after a successful change), at `actionObjectProductInCartDeleteAfter`, when
 *   the next change opens, or at the end of the request.
 *
 * Settling compares the line's quantity in `cart_product` before and after: more is `Added To
 * Cart` with the difference, less is `Removed From Cart` with the difference. An update Cart
 * refused (out of stock, minimal quantity, not for sale) changes nothing and sends nothing; a
 * decrease below what is in the cart sends what was there. An add names the listing its product
 * was last clicked from, a removal the line's (ShopbeaconAttribution). Orders are not sent from
 * here: the relay's sync carries them.
 */
class ShopbeaconCartEvents
{
    /** @var ShopbeaconTracker */
    private $tracker;

    /** @var array[] changes opened and not yet settled: id_cart, id_product, id_product_attribute, id_customization, before */
    private $open = [];

    public function __construct(ShopbeaconTracker $tracker)
    {
        $this->tracker = $tracker;
    }

    /**
     * `Hook::exec('actionCartUpdateQuantityBefore', ['cart' => ..., 'product' => ...,
     * 'id_product_attribute' => ..., 'id_customization' => ..., 'quantity' => ..., 'operator' => ...])`.
     *
     * @return bool whether a change was opened (the caller then settles at the end of the request)
     */
    public function quantityBefore(array $params)
    {
        $this->settle();
        $cart = isset($params['cart']) ? $params['cart'] : null;
        $product = isset($params['product']) ? $params['product'] : null;
        if (!is_object($cart) || !is_object($product)) {
            return false;
        }

        return $this->openChange((int) $cart->id, (int) $product->id, isset($params['id_product_attribute']) ? (int) $params['id_product_attribute'] : 0, isset($params['id_customization']) ? (int) $params['id_customization'] : 0);
    }

    /**
     * `Hook::exec('actionObjectProductInCartDeleteBefore', ['id_cart' => ..., 'id_product' => ...,
     * 'id_product_attribute' => ..., 'customization_id' => ..., 'id_address_delivery' => ...])`.
     *
     * @return bool whether a change was opened
     */
    public function deleteBefore(array $params)
    {
        $this->settle();
        $value = static function ($key) use ($params) {
            return isset($params[$key]) ? (int) $params[$key] : 0;
        };

        return $this->openChange($value('id_cart'), $value('id_product'), $value('id_product_attribute'), $value('customization_id'));
    }

    /** Settles every open change: `actionCartSave`, `actionObjectProductInCartDeleteAfter`, the end of the request. */
    public function settle()
    {
        $open = $this->open;
        $this->open = [];
        foreach ($open as $change) {
            $after = self::lineQuantity($change);
            $delta = $after - $change['before'];
            if (0 !== $delta) {
                $click = $delta > 0 ? ShopbeaconAttribution::added($change) : ShopbeaconAttribution::ofLine($change);
                $this->track($delta > 0 ? 'Added To Cart' : 'Removed From Cart', $change, abs($delta), $click);
            }
            if (0 === $after && $delta < 0) {
                ShopbeaconAttribution::forget($change);
            }
        }
    }

    private function openChange($idCart, $idProduct, $idProductAttribute, $idCustomization)
    {
        // Nothing to send without the relay's key, the visitor's ids or their consent: no query either.
        if ($idCart <= 0 || $idProduct <= 0 || null === $this->tracker->visitor()) {
            return false;
        }
        $change = [
            'id_cart' => $idCart,
            'id_product' => $idProduct,
            'id_product_attribute' => max(0, $idProductAttribute),
            'id_customization' => max(0, $idCustomization),
        ];
        $change['before'] = self::lineQuantity($change);
        $this->open[] = $change;

        return true;
    }

    /** The line's quantity in the cart now (every delivery address together). */
    private static function lineQuantity(array $change)
    {
        return (int) Db::getInstance()->getValue(
            'SELECT SUM(`quantity`) FROM `' . _DB_PREFIX_ . 'cart_product`'
            . ' WHERE `id_cart` = ' . (int) $change['id_cart']
            . ' AND `id_product` = ' . (int) $change['id_product']
            . ' AND `id_product_attribute` = ' . (int) $change['id_product_attribute']
            . ' AND `id_customization` = ' . (int) $change['id_customization'],
            false
        );
    }

    private function track($eventName, array $change, $quantity, array $click)
    {
        $context = Context::getContext();
        $product = new Product($change['id_product'], false, (int) $context->language->id);
        if (Validate::isLoadedObject($product)) {
            $this->tracker->send($eventName, ShopbeaconProductFields::of($product, $change['id_product_attribute'], $quantity, $context) + $click);
        }
    }
}
