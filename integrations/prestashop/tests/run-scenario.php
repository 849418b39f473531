<?php
/**
 * One request of a PrestaShop shop with the module, as the test describes it in JSON (argv[1]),
 * mirroring integrations/woocommerce/tests/run-scenario.php:
 *
 * - `config`: Configuration values (the module's SHOPBEACON_* keys); `shop`: the shop the request is for (a
 *   multistore's, 1 by default), `shop_config`: values set for one shop, `[id_shop => [key => value]]`;
 * - `cookies`: the browser's cookies; `customer`: a logged-in customer's id (`guest`: a guest's
 *   account); `product_page`: a product id, the request is that product's page (displayHeader runs
 *   on every scenario with `page` true or a product page), `combination` the one it shows;
 * - `cart`: the cart's lines before the request, `[id_product, quantity, id_product_attribute]`;
 * - `actions`: `["add", id, qty, ipa]` and `["down", id, qty, ipa]` (Cart::updateQty up / down, as
 *   CartController's `add` and `update&op=down` call it), `["set0", id, ipa]` (updateQty with 0),
 *   `["delete", id, ipa]` (CartController::processDeleteProductInCart: the delete hooks around
 *   Cart::deleteProduct);
 *   `["validate", index]` (PaymentModule::validateOrder's `actionValidateOrder` for `orders[index]`: id, total,
 *   lines of [product_id, quantity, product_attribute_id, unit price with tax]; `validate_context`: the context and
 *   cookie a real shop had there, by fixture name); `page`: `order` is the checkout;
 * - `listing`: a listing controller's search (`page` its php_self, `ajax`, `category` [id, name], `products` as
 *   presented, `pagination`, `label`, `total`), run through `filterProductSearch` after the head; the variables are
 *   printed as `listing` and the end of the body (`displayBeforeBodyClosingTag`) as `body_end`;
 * - `server`: the shopper's request headers as `$_SERVER` holds them; `get`: the query (`action=quickview`);
 * - `session`: PHP's session is open, as PrestaShop 9's pages open it; `ssl`: the shop is on HTTPS;
 * - `gdpr`: psgdpr's calls, `["export", params]` (`actionExportGDPRData`, its answer printed in `gdpr`) and
 *   `["delete", params]` (`actionDeleteGDPRCustomer`), with `customers` the shop's addresses by customer id;
 * - `admin`: a back-office request to getContent(), with `post` fields when the form is saved;
 * - `install` / `uninstall`: run them; `upgrade`: a version whose upgrade script runs (a list: each in turn);
 * - `post`: the fields a storefront form posted; `html`: a page as rendered (tests/fixtures: a real
 *   9.0.0's, classic theme), run through `actionOutputHTMLBefore` and printed as `html`, `links` its addresses; `page`: `cart` is the cart page; `state`: a JSON file holding Configuration and the tables
 *   between runs (the retry queue across requests).
 *
 * Prints JSON once the request is over (after the module's shutdown work): the head, the admin
 * page, the log, the retry queue, RETRY_AT, the cart lines, the hooks registered, and how many
 * milliseconds the shutdown work took.
 */
require __DIR__ . '/prestashop-stubs.php';

$scenario = json_decode($argv[1], true);
$state = isset($scenario['state']) ? $scenario['state'] : null;
if ($state && is_file($state)) {
    $saved = json_decode(file_get_contents($state), true);
    $GLOBALS['ps']['config'] = $saved['config'];
    $GLOBALS['ps']['config_shop'] = isset($saved['config_shop']) ? $saved['config_shop'] : [];
    // A state written before a table existed has none of it: the stand-ins' empty one.
    $GLOBALS['ps']['tables'] = $saved['tables'] + $GLOBALS['ps']['tables'];
    $GLOBALS['ps']['created'] = $saved['created'];
    $GLOBALS['ps']['next_id'] = $saved['next_id'];
}
foreach (isset($scenario['config']) ? $scenario['config'] : [] as $key => $value) {
    $GLOBALS['ps']['config'][$key] = $value;
}
foreach (isset($scenario['shop_config']) ? $scenario['shop_config'] : [] as $idShop => $values) {
    foreach ($values as $key => $value) {
        $GLOBALS['ps']['config_shop'][(int) $idShop][$key] = $value;
    }
}
$GLOBALS['ps']['customers'] = isset($scenario['customers']) ? $scenario['customers'] : [];
Context::getContext()->shop->id = isset($scenario['shop']) ? (int) $scenario['shop'] : 1;
$_COOKIE = isset($scenario['cookies']) ? $scenario['cookies'] : [];
$GLOBALS['ps']['ssl'] = !empty($scenario['ssl']);
// The shopper's request headers: a desktop browser's User-Agent unless the scenario says otherwise.
$_SERVER = array_merge($_SERVER, ['HTTP_USER_AGENT' => 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'], isset($scenario['server']) ? $scenario['server'] : []);

$_GET = isset($scenario['get']) ? $scenario['get'] : [];
// The fields a storefront form posted (the theme's AJAX add to cart posts the product form).
$_POST = isset($scenario['post']) ? $scenario['post'] : [];
// The shop's own addresses (Link) where a page of a real shop is read: `controller` or `category-<id>` => URL.
$GLOBALS['ps']['links'] = isset($scenario['links']) ? $scenario['links'] : [];
// PrestaShop 9's front controllers start PHP's session on every page (FrontController::prepareNotifications).
if (!empty($scenario['session'])) {
    session_save_path(sys_get_temp_dir());
    session_start();
}
$context = Context::getContext();
// A logged-in customer as FrontController::init makes one from PrestaShop's cookie; `guest` for a guest's account.
if (isset($scenario['customer'])) {
    $context->customer->id = $context->cookie->id_customer = (int) $scenario['customer'];
    $context->customer->logged = $context->cookie->logged = true;
    $context->customer->is_guest = empty($scenario['guest']) ? 0 : 1;
}
if (!empty($scenario['product_page'])) {
    $context->controller = new ProductController((int) $scenario['product_page']);
    if (isset($scenario['combination'])) {
        $context->smarty->vars['product'] = ['id_product_attribute' => (int) $scenario['combination']];
    }
} elseif (isset($scenario['listing'])) {
    $listing = $scenario['listing'];
    $category = null;
    if (isset($listing['category'])) {
        $category = new Category();
        list($category->id, $category->name) = $listing['category'];
    }
    $context->controller = new ListingController($listing['page'], !empty($listing['ajax']), $category);
} elseif (isset($scenario['page']) && 'order' === $scenario['page']) {
    $context->controller = new OrderController();
} elseif (isset($scenario['page']) && 'cart' === $scenario['page']) {
    $context->controller = new FrontController();
    $context->controller->php_self = 'cart';
}

/** Reports once every shutdown function has run: destructors run after them. */
class ScenarioEnd
{
    public $out = [];
    public $shutdownStarted;
    private $state;

    public function __construct($state)
    {
        $this->state = $state;
        register_shutdown_function(function () {
            $this->shutdownStarted = microtime(true);
        });
    }

    public function __destruct()
    {
        $this->out['shutdown_ms'] = (int) round((microtime(true) - $this->shutdownStarted) * 1000);
        $this->out['log'] = $GLOBALS['ps']['log'];
        $this->out['queue'] = array_map(static function ($row) {
            return json_decode($row['body'], true);
        }, $GLOBALS['ps']['tables']['shopbeacon_queue']);
        $this->out['retry_at'] = (int) Configuration::get('SHOPBEACON_RETRY_AT');
        $this->out['queue_shops'] = array_map('intval', array_column($GLOBALS['ps']['tables']['shopbeacon_queue'], 'id_shop'));
        $this->out['cart'] = $GLOBALS['ps']['tables']['cart_product'];
        $this->out['attribution'] = $GLOBALS['ps']['tables']['shopbeacon_attribution'];
        $this->out['config_keys'] = array_keys($GLOBALS['ps']['config']);
        $this->out['tables_created'] = array_keys($GLOBALS['ps']['created']);
        $this->out['cookie_writes'] = Context::getContext()->cookie->writes;
        // PHP closes a session still open only after the destructors: open here is open while the module talked to the relay.
        $this->out['session_open'] = PHP_SESSION_ACTIVE === session_status();
        if ($this->state) {
            file_put_contents($this->state, json_encode(['config' => $GLOBALS['ps']['config'], 'config_shop' => $GLOBALS['ps']['config_shop'], 'tables' => $GLOBALS['ps']['tables'], 'created' => $GLOBALS['ps']['created'], 'next_id' => $GLOBALS['ps']['next_id']]));
        }
        echo json_encode($this->out);
    }
}
$GLOBALS['scenario_end'] = $end = new ScenarioEnd($state);

require __DIR__ . '/../shopbeacon/shopbeacon.php';
$module = new shopbeacon();
if (isset($scenario['upgrade'])) {
    // Module::runUpgradeModule: the upgrade script of the version uploaded, once the new files are in place. PrestaShop 9.0.0's
    // Module Manager hands it an instance whose id is not set (seen on a real shop's upload): the scripts must not rely on it.
    $module->id = null;
    // Several versions: each script in turn on that instance, stopping at the first that fails, as runUpgradeModule does.
    foreach ((array) $scenario['upgrade'] as $version) {
        require_once __DIR__ . '/../shopbeacon/upgrade/upgrade-' . $version . '.php';
        $end->out['upgraded'] = call_user_func('upgrade_module_' . str_replace('.', '_', $version), $module);
        if (!$end->out['upgraded']) {
            break;
        }
    }
} elseif (!empty($scenario['install'])) {
    $end->out['installed'] = $module->install();
} else {
    $module->registerHook(shopbeacon::HOOKS);
}
$end->out['hooks'] = array_keys(array_filter($GLOBALS['ps']['hooks']));

$cart = new Cart(isset($scenario['id_cart']) ? (int) $scenario['id_cart'] : 5);
$context->cart = $cart;
if (isset($scenario['cart'])) {
    $GLOBALS['ps']['tables']['cart_product'] = [];
    foreach ($scenario['cart'] as $line) {
        $GLOBALS['ps']['tables']['cart_product'][] = ['id_cart' => $cart->id, 'id_product' => $line[0], 'quantity' => $line[1], 'id_product_attribute' => isset($line[2]) ? $line[2] : 0, 'id_customization' => 0];
    }
}

$results = [];
foreach (isset($scenario['actions']) ? $scenario['actions'] : [] as $action) {
    $verb = $action[0];
    if ('add' === $verb || 'down' === $verb) {
        $results[] = $cart->updateQty($action[2], $action[1], isset($action[3]) ? $action[3] : 0, 0, 'add' === $verb ? 'up' : 'down');
    } elseif ('set0' === $verb) {
        $results[] = $cart->updateQty(0, $action[1], isset($action[2]) ? $action[2] : 0);
    } elseif ('validate' === $verb) {
        // PaymentModule::validateOrder, once per order made from the cart: it first puts a customer loaded from the cart
        // in the context (classes/PaymentModule.php, 9.0.0 line 233), one never logged in. `validate_context` names a
        // fixture captured at this hook on a real PrestaShop 9.0.0 (tests/fixtures/validate-order-context-<name>.json).
        $context->customer = new Customer((int) $context->customer->id);
        if (isset($scenario['validate_context'])) {
            $seen = json_decode(file_get_contents(__DIR__ . '/fixtures/validate-order-context-' . $scenario['validate_context'] . '.json'), true);
            $context->customer = new Customer($seen['context_customer']['id']);
            $context->customer->logged = $seen['context_customer']['logged'];
            $context->customer->is_guest = $seen['context_customer']['is_guest'];
            foreach (['id_customer', 'logged', 'is_guest'] as $field) {
                $context->cookie->$field = $seen['cookie'][$field];
            }
        }
        Hook::exec('actionValidateOrder', ['cart' => $cart, 'order' => new Order($scenario['orders'][$action[1]]), 'customer' => $context->customer, 'currency' => $context->currency, 'orderStatus' => null]);
    } elseif ('delete' === $verb) {
        // CartController::processDeleteProductInCart, 1.7.8 controllers/front/CartController.php:330-347.
        $data = ['id_cart' => $cart->id, 'id_product' => $action[1], 'id_product_attribute' => isset($action[2]) ? $action[2] : 0, 'customization_id' => 0, 'id_address_delivery' => 0];
        Hook::exec('actionObjectProductInCartDeleteBefore', $data, null, true);
        $deleted = $cart->deleteProduct($action[1], $data['id_product_attribute'], 0, 0);
        if ($deleted) {
            Hook::exec('actionObjectProductInCartDeleteAfter', $data);
        }
        $results[] = $deleted;
    }
}
$end->out['results'] = $results;

if (!empty($scenario['page']) || !empty($scenario['product_page'])) {
    $end->out['head'] = Hook::exec('displayHeader');
}
if (isset($scenario['listing'])) {
    // ProductListingFrontController::getProductSearchVariables, then the page's end (none for an AJAX answer).
    $variables = [
        'result' => new ProductSearchResult(isset($scenario['listing']['total']) ? $scenario['listing']['total'] : 0),
        'label' => isset($scenario['listing']['label']) ? $scenario['listing']['label'] : '',
        'products' => $scenario['listing']['products'],
        'pagination' => $scenario['listing']['pagination'],
    ];
    Hook::filterProductSearch($variables);
    unset($variables['result']);
    $end->out['listing'] = $variables;
    $end->out['body_end'] = empty($scenario['listing']['ajax']) ? Hook::exec('displayBeforeBodyClosingTag') : null;
}
foreach (isset($scenario['gdpr']) ? $scenario['gdpr'] : [] as $call) {
    // psgdpr's ExportService and CustomerService: Hook::exec on the module, the export's answer a JSON string.
    $answer = Hook::exec('export' === $call[0] ? 'actionExportGDPRData' : 'actionDeleteGDPRCustomer', $call[1]);
    $end->out['gdpr'][] = json_decode($answer, true);
}
if (isset($scenario['html'])) {
    // FrontController::smartyOutputContent: the page as rendered (a fixture), through actionOutputHTMLBefore.
    $html = file_get_contents(__DIR__ . '/fixtures/' . $scenario['html']);
    Hook::exec('actionOutputHTMLBefore', ['html' => &$html]);
    $end->out['html'] = $html;
}
if (isset($scenario['admin'])) {
    $_POST = isset($scenario['admin']['post']) ? $scenario['admin']['post'] : [];
    $end->out['admin'] = $module->getContent();
}
if (!empty($scenario['uninstall'])) {
    $end->out['uninstalled'] = $module->uninstall();
}
