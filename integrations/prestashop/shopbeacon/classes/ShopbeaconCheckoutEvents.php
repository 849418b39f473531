<?php
/**
 * shopbeacon for PrestaShop: the checkout's part of the shopper's journey.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * The checkout's events from the server, as the WooCommerce plugin's Shopbeacon_Checkout_Events
 * sends them, and the product view of a quick view, which no script on the page can send:
 *
 * - `Checkout Started` when the checkout (OrderController, `order`) is shown with a cart, with the
 *   cart's value, currency and items. Its event_id comes from the cart and its lines, so reloading
 *   a step is a duplicate the relay drops, and a changed cart is a new start.
 * - `Order Completed` at `actionValidateOrder` (PaymentModule::validateOrder, once per order made
 *   from the cart): its `order_id` is the one the relay's sync sends to `/v1/orders`, so the
 *   service joins the visitor's events to the order; its event_id comes from that id, once.
 *
 * Each item names the listing its cart line was added from (ShopbeaconAttribution), the order's
 * by the cart it was made from.
 *
 * A guest is not given another `user_id` at checkout: their anonymous id, joined to the order by
 * `order_id`, is them (an id made from the e-mail would be personal data in a cookie and a second
 * billed visitor). A shopper who creates an account at checkout is logged in by PrestaShop and
 * identified from the next page on, as every logged-in customer is.
 */
class ShopbeaconCheckoutEvents
{
    /** @var ShopbeaconTracker */
    private $tracker;

    public function __construct(ShopbeaconTracker $tracker)
    {
        $this->tracker = $tracker;
    }

    /**
     * A product's quick view (ProductController's `action=quickview`, an AJAX request whose JSON
     * answer carries no script): `Product Viewed` from the server, as the product page sends it
     * from the browser. Its `displayHeader` runs; a combination change (`action=refresh`) is not a view.
     *
     * @return bool whether an event was queued
     */
    public function quickViewShown(Context $context)
    {
        $controller = $context->controller;
        if (!is_object($controller) || !isset($controller->php_self) || 'product' !== $controller->php_self
            || 'quickview' !== Tools::getValue('action') || null === $this->tracker->visitor()) {
            return false;
        }
        $product = new Product((int) Tools::getValue('id_product'), false, (int) $context->language->id);
        if (!Validate::isLoadedObject($product) || !ShopbeaconProductFields::isShown($product, $context)) {
            return false;
        }
        $fields = ShopbeaconProductFields::of($product, ShopbeaconProductFields::combinationShown($context), 1, $context);
        unset($fields['quantity']);

        return $this->tracker->send('Product Viewed', $fields);
    }

    /** @return bool whether an event was queued */
    public function checkoutShown(Context $context)
    {
        $controller = $context->controller;
        $cart = $context->cart;
        if (!is_object($controller) || !isset($controller->php_self) || 'order' !== $controller->php_self
            || !Validate::isLoadedObject($cart) || null === $this->tracker->visitor()) {
            return false;
        }
        $lines = $cart->getProducts();
        if (empty($lines)) {
            return false;
        }
        $items = [];
        $signature = [];
        $clicks = ShopbeaconAttribution::ofCart((int) $cart->id);
        foreach ($lines as $line) {
            $items[] = $this->item($line['id_product'], $line['id_product_attribute'], $line['cart_quantity'], null, $context, $clicks);
            $signature[] = $line['id_product'] . '-' . $line['id_product_attribute'] . 'x' . $line['cart_quantity'];
        }
        $fields = [
            'order_value' => (float) $cart->getOrderTotal(true, Cart::BOTH),
            'currency' => (string) $context->currency->iso_code,
            'items' => array_values(array_filter($items)),
        ];

        return $this->tracker->send('Checkout Started', $fields, 'checkout|' . (int) $cart->id . '|' . implode(',', $signature));
    }

    /**
     * `Hook::exec('actionValidateOrder', ['cart' => ..., 'order' => ..., 'customer' => ..., 'currency' => ..., 'orderStatus' => ...])`.
     *
     * @return bool whether an event was queued
     */
    public function orderValidated(array $params, Context $context)
    {
        $order = isset($params['order']) ? $params['order'] : null;
        if (!Validate::isLoadedObject($order) || null === $this->tracker->visitor()) {
            return false;
        }
        $currency = isset($params['currency']) && is_object($params['currency']) ? $params['currency'] : new Currency((int) $order->id_currency);
        $precision = method_exists($context, 'getComputingPrecision') ? (int) $context->getComputingPrecision() : 2;
        $items = [];
        $clicks = ShopbeaconAttribution::ofCart((int) $order->id_cart);
        foreach ($order->getProducts() as $line) {
            $price = (float) Tools::ps_round((float) $line['unit_price_tax_incl'], $precision);
            $items[] = $this->item($line['product_id'], $line['product_attribute_id'], $line['product_quantity'], $price, $context, $clicks);
        }
        $fields = [
            'order_id' => (int) $order->id,
            'order_value' => (float) $order->total_paid_tax_incl,
            'currency' => (string) $currency->iso_code,
            'items' => array_values(array_filter($items)),
        ];

        return $this->tracker->send('Order Completed', $fields, 'order|' . (int) $order->id);
    }

    /**
     * A line as a cart event's product fields; `$price` the line's own unit price when it has one
     * (an order's), and its listing from the cart's (`$clicks`, by ShopbeaconAttribution::key).
     */
    private function item($idProduct, $idProductAttribute, $quantity, $price, Context $context, array $clicks)
    {
        $product = new Product((int) $idProduct, false, (int) $context->language->id);
        if (!Validate::isLoadedObject($product)) {
            return null;
        }
        $fields = ShopbeaconProductFields::of($product, (int) $idProductAttribute, (int) $quantity, $context);
        if (null !== $price) {
            $fields['price'] = $price;
        }
        $key = ShopbeaconAttribution::key($idProduct, $idProductAttribute);

        return $fields + (isset($clicks[$key]) ? $clicks[$key] : []);
    }
}
