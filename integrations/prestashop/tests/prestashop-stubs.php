<?php
/**
 * The PrestaShop classes and functions the module calls, as small stand-ins that behave as the
 * 1.7.8 source does where the module depends on it (Cart::updateQty fires
 * actionCartUpdateQuantityBefore before it checks anything and Cart::update() fires actionCartSave
 * after a change; Db::insert does not escape; a password field's value comes from fields_value, so
 * a key put there would show). Only the module's own tests load this.
 */
define('_PS_VERSION_', '1.7.8.0');
define('_DB_PREFIX_', 'ps_');
define('_MYSQL_ENGINE_', 'InnoDB');
/** The module's id in the stand-in's ps_module. */
define('MODULE_ID', 78);

$GLOBALS['ps'] = [
    'config' => [],
    /** Values set for one shop (`[id_shop => [key => value]]`), which win over the global ones for that shop, as in Configuration::get. */
    'config_shop' => [],
    'log' => [],
    'hooks' => [],
    'tables' => ['shopbeacon_queue' => [], 'cart_product' => [], 'shopbeacon_attribution' => []],
    'created' => [],
    'next_id' => 1,
    'queries' => 0,
    /** The shop's customers' e-mail addresses by id, for psgdpr's requests by address. */
    'customers' => [],
];

function pSQL($string, $htmlOK = false)
{
    return addslashes($htmlOK ? (string) $string : strip_tags((string) $string));
}

class Configuration
{
    /** A shop's own value, else the global one (shop groups are not modelled: one group). No shop given: the context's, as PrestaShop's front office has it. */
    public static function get($key, $idLang = null, $idShopGroup = null, $idShop = null, $default = false)
    {
        $idShop = null === $idShop ? (int) Context::getContext()->shop->id : (int) $idShop;
        if (isset($GLOBALS['ps']['config_shop'][$idShop]) && array_key_exists($key, $GLOBALS['ps']['config_shop'][$idShop])) {
            return $GLOBALS['ps']['config_shop'][$idShop][$key];
        }

        return array_key_exists($key, $GLOBALS['ps']['config']) ? $GLOBALS['ps']['config'][$key] : $default;
    }

    public static function getGlobalValue($key, $idLang = null)
    {
        return array_key_exists($key, $GLOBALS['ps']['config']) ? $GLOBALS['ps']['config'][$key] : false;
    }

    /** A shop given: that shop's value; none: the global one (the back office's "All shops"). */
    public static function updateValue($key, $values, $html = false, $idShopGroup = null, $idShop = null)
    {
        $value = is_scalar($values) ? (string) $values : $values;
        if (null !== $idShop && (int) $idShop > 0) {
            $GLOBALS['ps']['config_shop'][(int) $idShop][$key] = $value;
        } else {
            $GLOBALS['ps']['config'][$key] = $value;
        }

        return true;
    }

    public static function updateGlobalValue($key, $values, $html = false)
    {
        return self::updateValue($key, $values, $html);
    }

    public static function deleteByName($key)
    {
        unset($GLOBALS['ps']['config'][$key]);
        foreach (array_keys($GLOBALS['ps']['config_shop']) as $idShop) {
            unset($GLOBALS['ps']['config_shop'][$idShop][$key]);
        }

        return true;
    }
}

class PrestaShopLogger
{
    public static function addLog($message, $severity = 1, $errorCode = null, $objectType = null, $objectId = null, $allowDuplicate = false, $idEmployee = null)
    {
        $GLOBALS['ps']['log'][] = ['severity' => $severity, 'message' => $message, 'object_type' => $objectType];

        return true;
    }
}

/** Db as far as the module uses it, over in-memory tables; any other SQL is a test failure. */
class Db
{
    private static $instance;

    public static function getInstance($master = true)
    {
        return self::$instance ?: (self::$instance = new self());
    }

    private static function table($name)
    {
        return preg_replace('/^' . _DB_PREFIX_ . '/', '', trim($name, '`'));
    }

    public function execute($sql, $useCache = true)
    {
        ++$GLOBALS['ps']['queries'];
        // A table created is kept with its columns' names (`created`), as SHOW COLUMNS reads them; an existing one stays as it is.
        if (preg_match('/^CREATE TABLE IF NOT EXISTS `(\w+)`/', $sql, $m)) {
            preg_match_all('/^\s*`(\w+)` [A-Z]/m', $sql, $columns);
            $GLOBALS['ps']['created'] += [self::table($m[1]) => $columns[1]];

            return true;
        }
        // 0.5.0's upgrade: the queue's rows, which had no shop, take the column's default. MySQL refuses a column the table has.
        if (preg_match('/^ALTER TABLE `ps_shopbeacon_queue`\s+ADD COLUMN `id_shop` INT UNSIGNED NOT NULL DEFAULT (\d+) AFTER `id_shopbeacon_queue`,\s+ADD KEY `id_shop` \(`id_shop`, `id_shopbeacon_queue`\)$/', $sql, $m)) {
            if (self::hasColumn('shopbeacon_queue', 'id_shop')) {
                return false;
            }
            $GLOBALS['ps']['created']['shopbeacon_queue'][] = 'id_shop';
            foreach ($GLOBALS['ps']['tables']['shopbeacon_queue'] as $index => $row) {
                $GLOBALS['ps']['tables']['shopbeacon_queue'][$index] += ['id_shop' => $m[1]];
            }

            return true;
        }
        if (preg_match('/^DROP TABLE IF EXISTS `(\w+)`/', $sql, $m)) {
            unset($GLOBALS['ps']['created'][self::table($m[1])]);
            $GLOBALS['ps']['tables'][self::table($m[1])] = [];

            return true;
        }
        throw new Exception('stub Db cannot run: ' . $sql);
    }

    /** As Db::insert: one row or a list of rows; values are SQL literals the caller escaped (pSQL). */
    public function insert($table, $data, $nullValues = false, $useCache = true, $type = 1, $addPrefix = true)
    {
        ++$GLOBALS['ps']['queries'];
        $rows = isset($data[0]) && is_array($data[0]) ? $data : [$data];
        foreach ($rows as $row) {
            $row = array_map('stripslashes', array_map('strval', $row));
            $row['id_' . $table] = $GLOBALS['ps']['next_id']++;
            $GLOBALS['ps']['tables'][$table][] = $row;
        }

        return true;
    }

    public function delete($table, $where = '', $limit = 0, $useCache = true, $addPrefix = true)
    {
        ++$GLOBALS['ps']['queries'];
        $keep = [];
        foreach ($GLOBALS['ps']['tables'][$table] as $row) {
            if (!self::matches($row, $where)) {
                $keep[] = $row;
            }
        }
        $GLOBALS['ps']['tables'][$table] = $keep;

        return true;
    }

    /** `a` = N, `a` < N, `a` <= N, `a` IN (..), `a` LIKE 'prefix%', joined by AND. */
    private static function matches(array $row, $where)
    {
        foreach (preg_split('/\s+AND\s+/i', trim($where)) as $condition) {
            if (preg_match("/^`(\\w+)` LIKE '(.*)%'$/", trim($condition), $like)) {
                if (0 !== strpos(isset($row[$like[1]]) ? (string) $row[$like[1]] : '', stripslashes($like[2]))) {
                    return false;
                }
                continue;
            }
            if (!preg_match('/^`(\w+)`\s*(=|<=|<|IN)\s*(.+)$/i', trim($condition), $m)) {
                throw new Exception('stub Db cannot read: ' . $condition);
            }
            $value = isset($row[$m[1]]) ? (int) $row[$m[1]] : 0;
            $operator = strtoupper($m[2]);
            if ('IN' === $operator) {
                $ok = in_array($value, array_map('intval', explode(',', trim($m[3], '() '))), true);
            } else {
                $ok = '=' === $operator ? $value === (int) $m[3] : ('<' === $operator ? $value < (int) $m[3] : $value <= (int) $m[3]);
            }
            if (!$ok) {
                return false;
            }
        }

        return true;
    }

    private static function hasColumn($table, $column)
    {
        return isset($GLOBALS['ps']['created'][$table]) && in_array($column, $GLOBALS['ps']['created'][$table], true);
    }

    public function executeS($sql, $array = true, $useCache = true)
    {
        ++$GLOBALS['ps']['queries'];
        if (preg_match("/^SHOW COLUMNS FROM `ps_(\\w+)` LIKE '(\\w+)'$/", $sql, $m)) {
            return self::hasColumn($m[1], $m[2]) ? [['Field' => $m[2]]] : [];
        }
        if (preg_match('/^SELECT `id_shopbeacon_queue`, `body` FROM `ps_shopbeacon_queue` WHERE (.+) ORDER BY `id_shopbeacon_queue` ASC LIMIT (\d+)$/', $sql, $m)) {
            $rows = array_values(array_filter($GLOBALS['ps']['tables']['shopbeacon_queue'], static function ($row) use ($m) {
                return self::matches($row, $m[1]);
            }));
            usort($rows, static function ($a, $b) {
                return $a['id_shopbeacon_queue'] - $b['id_shopbeacon_queue'];
            });

            return array_slice($rows, 0, (int) $m[2]);
        }
        if (preg_match('/^SELECT `id_shopbeacon_queue` FROM `ps_shopbeacon_queue` WHERE (.+) ORDER BY `id_shopbeacon_queue` DESC LIMIT (\d+), 1$/', $sql, $m)) {
            $ids = [];
            foreach ($GLOBALS['ps']['tables']['shopbeacon_queue'] as $row) {
                if (self::matches($row, $m[1])) {
                    $ids[] = $row['id_shopbeacon_queue'];
                }
            }
            rsort($ids);

            return isset($ids[(int) $m[2]]) ? [['id_shopbeacon_queue' => $ids[(int) $m[2]]]] : [];
        }
        if (preg_match('/^SELECT `id_shop`, `body`, `date_add` FROM `ps_shopbeacon_queue` WHERE (.+) ORDER BY `id_shopbeacon_queue` ASC$/', $sql, $m)) {
            $rows = [];
            foreach ($GLOBALS['ps']['tables']['shopbeacon_queue'] as $row) {
                if (self::matches($row, $m[1])) {
                    $rows[] = ['id_shop' => $row['id_shop'], 'body' => $row['body'], 'date_add' => $row['date_add']];
                }
            }

            return $rows;
        }
        if (preg_match('/^SELECT `id_product`, `id_product_attribute`, `list_id`, `position`, `query` FROM `ps_shopbeacon_attribution` WHERE (`id_cart` = \d+)$/', $sql, $m)) {
            return array_values(array_filter($GLOBALS['ps']['tables']['shopbeacon_attribution'], static function ($row) use ($m) {
                return self::matches($row, $m[1]);
            }));
        }
        throw new Exception('stub Db cannot run: ' . $sql);
    }

    public function getValue($sql, $useCache = true)
    {
        ++$GLOBALS['ps']['queries'];
        $sql = preg_replace('/\s+/', ' ', trim($sql));
        if (preg_match('/\bLIMIT\b/i', $sql)) {
            throw new Exception('Db::getValue appends LIMIT 1 (Db::getRow): a LIMIT in its SQL is a syntax error: ' . $sql);
        }
        if (preg_match('/^SELECT SUM\(`quantity`\) FROM `ps_cart_product` WHERE (.+)$/', $sql, $m)) {
            $sum = 0;
            foreach ($GLOBALS['ps']['tables']['cart_product'] as $row) {
                $sum += self::matches($row, $m[1]) ? (int) $row['quantity'] : 0;
            }

            return $sum;
        }
        if (preg_match('/^SELECT COUNT\(\*\) FROM `ps_shopbeacon_queue`(?: WHERE (.+))?$/', $sql, $m)) {
            $count = 0;
            foreach ($GLOBALS['ps']['tables']['shopbeacon_queue'] as $row) {
                $count += empty($m[1]) || self::matches($row, $m[1]) ? 1 : 0;
            }

            return $count;
        }
        throw new Exception('stub Db cannot run: ' . $sql);
    }
}

class Hook
{
    /** `filterProductSearch`'s call: its one parameter holds the search variables by reference. */
    public static function filterProductSearch(array &$variables)
    {
        foreach (isset($GLOBALS['ps']['hooks']['filterproductsearch']) ? $GLOBALS['ps']['hooks']['filterproductsearch'] : [] as $module) {
            $module->hookFilterProductSearch(['searchVariables' => &$variables]);
        }
    }

    /** Runs `hook<Name>` of each module registered on it, in registration order, as Hook::exec does. */
    public static function exec($hookName, $hookArgs = [], $idModule = null, $arrayReturn = false)
    {
        $output = '';
        foreach (isset($GLOBALS['ps']['hooks'][strtolower($hookName)]) ? $GLOBALS['ps']['hooks'][strtolower($hookName)] : [] as $module) {
            $method = 'hook' . ucfirst($hookName);
            $output .= (string) $module->$method($hookArgs);
        }

        return $output;
    }
}

class Tools
{
    public static function getValue($key, $default = false)
    {
        return isset($_POST[$key]) ? $_POST[$key] : (isset($_GET[$key]) ? $_GET[$key] : $default);
    }

    public static function isSubmit($key)
    {
        return isset($_POST[$key]) || isset($_GET[$key]);
    }

    /** Whether the shop is served over HTTPS: the scenario's `ssl`. */
    public static function usingSecureMode()
    {
        return !empty($GLOBALS['ps']['ssl']);
    }

    public static function getAdminTokenLite($tab)
    {
        return 'token-' . $tab;
    }

    public static function ps_round($value, $precision = 0)
    {
        return round($value, $precision);
    }
}

class Validate
{
    public static function isLoadedObject($object)
    {
        return is_object($object) && !empty($object->id);
    }
}

abstract class Module
{
    public $name;
    public $tab;
    public $version;
    public $author;
    public $need_instance;
    public $ps_versions_compliancy;
    public $bootstrap;
    public $displayName;
    public $description;
    public $table = 'module';
    /** @var int|null the module's row in ps_module, which Module::__construct reads by name */
    public $id;
    /** @var Context */
    public $context;

    public function __construct()
    {
        $this->context = Context::getContext();
        $this->id = self::getModuleIdByName($this->name);
    }

    public static function getModuleIdByName($name)
    {
        return 'shopbeacon' === $name ? MODULE_ID : 0;
    }

    public function install()
    {
        return true;
    }

    public function uninstall()
    {
        foreach ($GLOBALS['ps']['hooks'] as $hook => $modules) {
            $GLOBALS['ps']['hooks'][$hook] = array_filter($modules, function ($module) {
                return $module !== $this;
            });
        }

        return true;
    }

    /** As Hook::registerHook: an instance without its id registers nothing. */
    public function registerHook($hookName, $shopList = null)
    {
        if (!isset($this->id) || !is_numeric($this->id)) {
            return false;
        }
        foreach ((array) $hookName as $name) {
            if (!method_exists($this, 'hook' . ucfirst($name))) {
                throw new Exception("registered $name without a hook method");
            }
            $GLOBALS['ps']['hooks'][strtolower($name)][] = $this;
        }

        return true;
    }

    public function l($string, $specific = false, $locale = null)
    {
        return $string;
    }

    public function displayError($error)
    {
        return '<div class="alert alert-danger">' . $error . '</div>';
    }

    public function displayConfirmation($string)
    {
        return '<div class="alert alert-success">' . $string . '</div>';
    }
}

class AdminController
{
    public static $currentIndex = 'index.php?controller=AdminModules';
}

/** HelperForm's generateForm as the 1.7.8 template renders it, but a password's value taken from fields_value (stricter than PrestaShop, which always prints it empty). */
class HelperForm
{
    public $module;
    public $name_controller;
    public $table;
    public $token;
    public $currentIndex;
    public $default_form_language;
    public $allow_employee_form_lang;
    public $title;
    public $show_toolbar;
    public $submit_action;
    public $fields_value = [];

    public function generateForm($forms)
    {
        $html = '<form action="' . htmlspecialchars($this->currentIndex . '&token=' . $this->token) . '" method="post">';
        foreach ($forms as $form) {
            foreach ($form['form']['input'] as $input) {
                $value = isset($this->fields_value[$input['name']]) ? (string) $this->fields_value[$input['name']] : '';
                if ('select' === $input['type']) {
                    $html .= '<select name="' . $input['name'] . '">';
                    foreach ($input['options']['query'] as $option) {
                        $id = $option[$input['options']['id']];
                        $html .= '<option value="' . htmlspecialchars($id) . '"' . ($id === $value ? ' selected' : '') . '>' . htmlspecialchars($option[$input['options']['name']]) . '</option>';
                    }
                    $html .= '</select>';
                } else {
                    $html .= '<input type="' . $input['type'] . '" name="' . $input['name'] . '" value="' . htmlspecialchars($value, ENT_QUOTES) . '">';
                }
                $html .= isset($input['desc']) ? '<p class="help-block">' . htmlspecialchars($input['desc']) . '</p>' : '';
            }
        }

        return $html . '<button name="' . $this->submit_action . '">Save</button></form>';
    }
}

/** A customer as `new Customer($id)` loads one: not logged in until the front controller (or Context::updateCustomer) says so. */
class Customer
{
    public $id = 0;
    public $logged = false;
    public $is_guest = 0;

    public function __construct($id = null)
    {
        $this->id = (int) $id;
    }

    /** As Customer::getCustomersByEmail: the accounts (a guest's and a registered one may share an address) of the scenario's `customers`. */
    public static function getCustomersByEmail($email)
    {
        $found = [];
        foreach ($GLOBALS['ps']['customers'] as $id => $address) {
            if (0 === strcasecmp($address, (string) $email)) {
                $found[] = ['id_customer' => (string) $id, 'email' => $address];
            }
        }

        return $found;
    }

    /** As 9.0's classes/Customer.php: logged, an id, a guest only when asked for (the password and session checks pass here). */
    public function isLogged($withGuest = false)
    {
        return (!$this->is_guest || $withGuest) && $this->logged && $this->id > 0;
    }
}

class Currency
{
    public $iso_code = 'EUR';
}

class Language
{
    public $id = 1;
}

class Shop
{
    public $id = 1;
    public $id_shop_group = 1;

    /** One shop group holds every shop here. */
    public static function getGroupFromShop($idShop, $asId = true)
    {
        return 1;
    }
}

/** PrestaShop's cookie: write() is what the module calls before ending the response early. */
class Cookie
{
    public $writes = 0;
    public $logged = false;
    public $id_customer = 0;
    public $is_guest = '';

    public function write()
    {
        ++$this->writes;
    }
}

class ImageType
{
    public static function getFormattedName($name)
    {
        return $name . '_default';
    }
}

class Link
{
    public function getProductLink($product, $alias = null, $category = null, $ean13 = null, $idLang = null, $idShop = null, $idProductAttribute = null)
    {
        $id = is_object($product) ? (int) $product->id : (int) $product;
        $rewrite = Product::catalog($id)['link_rewrite'];

        return "https://shop.example/$id-$rewrite.html";
    }

    /** A controller's friendly URL: the scenario's `links` (a real shop's), else as the shop's routes in English make it. */
    public function getPageLink($controller, $ssl = null, $idLang = null, $request = null)
    {
        return isset($GLOBALS['ps']['links'][$controller]) ? $GLOBALS['ps']['links'][$controller] : "https://shop.example/en/$controller";
    }

    public function getCategoryLink($category, $alias = null, $idLang = null)
    {
        $id = is_object($category) ? (int) $category->id : (int) $category;

        return isset($GLOBALS['ps']['links']["category-$id"]) ? $GLOBALS['ps']['links']["category-$id"] : "https://shop.example/en/$id-category";
    }

    /** PrestaShop's friendly image URL: `/<id_image>-<type>/<rewrite>.jpg`. */
    public function getImageLink($name, $ids, $type = null)
    {
        $parts = explode('-', (string) $ids);

        return 'https://shop.example/' . end($parts) . ($type ? '-' . $type : '') . '/' . $name . '.jpg';
    }
}

class FrontController
{
    public $php_self = 'index';
}

/** A listing controller (category, search, new-products, …) as ProductListingFrontController is after its search. */
class ListingController extends FrontController
{
    public $ajax = false;
    private $category;

    public function __construct($page, $ajax, $category)
    {
        $this->php_self = $page;
        $this->ajax = $ajax;
        $this->category = $category;
    }

    public function getCategory()
    {
        return $this->category;
    }
}

/** ProductSearchResult: the total the provider found. */
class ProductSearchResult
{
    private $total;

    public function __construct($total)
    {
        $this->total = $total;
    }

    public function getTotalProductsCount()
    {
        return $this->total;
    }
}

class ProductController extends FrontController
{
    public $php_self = 'product';
    private $product;

    public function __construct($idProduct)
    {
        $this->product = new Product($idProduct, true, 1);
    }

    public function getProduct()
    {
        return $this->product;
    }
}

/** The page's template variables: a product page's `product` (ProductController::initContent) before `displayHeader`. */
class Smarty
{
    public $vars = [];

    public function getTemplateVars($name = null)
    {
        return isset($this->vars[$name]) ? $this->vars[$name] : null;
    }
}

class Context
{
    private static $instance;
    public $customer;
    public $currency;
    public $language;
    public $link;
    public $controller;
    public $cookie;
    public $shop;
    public $cart;
    public $smarty;

    public static function getContext()
    {
        if (!self::$instance) {
            $context = new self();
            $context->customer = new Customer();
            $context->currency = new Currency();
            $context->language = new Language();
            $context->link = new Link();
            $context->controller = new FrontController();
            $context->cookie = new Cookie();
            $context->shop = new Shop();
            $context->smarty = new Smarty();
            self::$instance = $context;
        }

        return self::$instance;
    }

    public function getComputingPrecision()
    {
        return 2;
    }
}

class Category
{
    public $id;
    public $name;

    public function __construct($id = null, $idLang = null)
    {
        $names = [7 => 'Kitchen', 8 => 'Shirts'];
        if (isset($names[$id])) {
            $this->id = $id;
            $this->name = null === $idLang ? [1 => $names[$id]] : $names[$id];
        }
    }
}

/**
 * The catalog: prices without tax, shown with 20 % tax (getPriceStatic with $usetax); combinations
 * add their price impact. 44 is out of stock and may not be ordered then.
 */
class Product
{
    public $id;
    public $name;
    public $link_rewrite;
    public $id_category_default;
    public $available_for_order = 1;
    public $active = 1;
    /** Customer groups the product is shown to: a catalog entry's `groups`, every group when it has none. */
    private $groups;

    public static function catalog($id)
    {
        $catalog = [
            42 => ['name' => 'Teapot', 'link_rewrite' => 'teapot', 'category' => 7, 'price' => 24.5, 'cover' => 900, 'stock' => 100],
            43 => ['name' => 'Mug </script><script>alert(1)</script>', 'link_rewrite' => 'mug', 'category' => 0, 'price' => 9, 'cover' => 0, 'stock' => 100],
            44 => ['name' => 'Sold-out kettle', 'link_rewrite' => 'kettle', 'category' => 7, 'price' => 40, 'cover' => 903, 'stock' => 0],
            45 => ['name' => 'Unreleased teapot', 'link_rewrite' => 'unreleased', 'category' => 7, 'price' => 99, 'cover' => 0, 'stock' => 100, 'active' => 0],
            46 => ['name' => 'Wholesale urn', 'link_rewrite' => 'urn', 'category' => 7, 'price' => 300, 'cover' => 0, 'stock' => 100, 'groups' => [4]],
            50 => ['name' => 'Tee', 'link_rewrite' => 'tee', 'category' => 8, 'price' => 15, 'cover' => 901, 'stock' => 100, 'combinations' => [51 => ['impact' => 2, 'image' => 902], 52 => ['impact' => 0, 'image' => 0]], 'default' => 52],
        ];

        return isset($catalog[$id]) ? $catalog[$id] : null;
    }

    public function __construct($id = null, $full = false, $idLang = null, $idShop = null)
    {
        $data = self::catalog((int) $id);
        if ($data) {
            $this->id = (int) $id;
            // Multilingual fields are strings when loaded in a language, arrays by language otherwise.
            $this->name = null === $idLang ? [1 => $data['name']] : $data['name'];
            $this->link_rewrite = null === $idLang ? [1 => $data['link_rewrite']] : $data['link_rewrite'];
            $this->id_category_default = $data['category'];
            $this->active = isset($data['active']) ? $data['active'] : 1;
            $this->groups = isset($data['groups']) ? $data['groups'] : null;
        }
    }

    /** As Product::checkAccess: whether the customer's groups may see the product (a guest: the visitor group). */
    public function checkAccess($idCustomer)
    {
        return null === $this->groups || in_array((int) $idCustomer > 0 ? 3 : 1, $this->groups, true);
    }

    /** As ObjectModel::isAssociatedToShop: this stand-in's catalog is the one shop's. */
    public function isAssociatedToShop($idShop = null)
    {
        return true;
    }

    public static function getPriceStatic($idProduct, $usetax = true, $idProductAttribute = null, $decimals = 6)
    {
        $data = self::catalog((int) $idProduct);
        if (null === $idProductAttribute) {
            $idProductAttribute = isset($data['default']) ? $data['default'] : 0;
        }
        $price = $data['price'] + (isset($data['combinations'][$idProductAttribute]) ? $data['combinations'][$idProductAttribute]['impact'] : 0);

        return round($usetax ? $price * 1.2 : $price, $decimals);
    }

    public static function getCover($idProduct, $context = null)
    {
        $data = self::catalog((int) $idProduct);

        return $data && $data['cover'] ? ['id_image' => $data['cover']] : false;
    }

    public static function getCombinationImageById($idProductAttribute, $idLang)
    {
        foreach ([42, 43, 44, 50] as $id) {
            $data = self::catalog($id);
            if (!empty($data['combinations'][$idProductAttribute]['image'])) {
                return ['id_image' => $data['combinations'][$idProductAttribute]['image'], 'id_product_attribute' => $idProductAttribute];
            }
        }

        return false;
    }
}

/** Cart::updateQty and deleteProduct in the order 1.7.8's classes/Cart.php runs their steps and hooks. */
class Cart
{
    public $id;

    public function __construct($id = null)
    {
        $this->id = $id;
    }

    private function &line($idProduct, $idProductAttribute, $idCustomization)
    {
        foreach ($GLOBALS['ps']['tables']['cart_product'] as $index => $row) {
            if ((int) $row['id_cart'] === (int) $this->id && (int) $row['id_product'] === (int) $idProduct && (int) $row['id_product_attribute'] === (int) $idProductAttribute && (int) $row['id_customization'] === (int) $idCustomization) {
                return $GLOBALS['ps']['tables']['cart_product'][$index];
            }
        }
        $none = null;

        return $none;
    }

    public function updateQty($quantity, $id_product, $id_product_attribute = null, $id_customization = false, $operator = 'up', $id_address_delivery = 0, $shop = null, $auto_add_cart_rule = true)
    {
        $quantity = (int) $quantity;
        $id_product_attribute = (int) $id_product_attribute;
        $product = new Product($id_product, false, 1);
        Hook::exec('actionCartUpdateQuantityBefore', [
            'cart' => $this,
            'product' => $product,
            'id_product_attribute' => $id_product_attribute,
            'id_customization' => $id_customization,
            'quantity' => $quantity,
            'operator' => $operator,
            'id_address_delivery' => $id_address_delivery,
            'shop' => $shop,
            'auto_add_cart_rule' => $auto_add_cart_rule,
        ]);
        if ($quantity <= 0) {
            return $this->deleteProduct($id_product, $id_product_attribute, (int) $id_customization);
        }
        $stock = Product::catalog($id_product)['stock'];
        $line = &$this->line($id_product, $id_product_attribute, (int) $id_customization);
        if ($line) {
            if ('up' === $operator) {
                if ($line['quantity'] + $quantity > $stock) {
                    return false;
                }
                $line['quantity'] += $quantity;
            } elseif ('down' === $operator) {
                if ($line['quantity'] <= 1 || $line['quantity'] - $quantity <= 0) {
                    return $this->deleteProduct($id_product, $id_product_attribute, (int) $id_customization);
                }
                $line['quantity'] -= $quantity;
            } else {
                return false;
            }
        } elseif ('up' === $operator) {
            if ($quantity > $stock) {
                return false;
            }
            $GLOBALS['ps']['tables']['cart_product'][] = ['id_cart' => $this->id, 'id_product' => (int) $id_product, 'id_product_attribute' => $id_product_attribute, 'id_customization' => (int) $id_customization, 'quantity' => $quantity];
        }
        $this->update();

        return true;
    }

    public function deleteProduct($id_product, $id_product_attribute = 0, $id_customization = 0, $id_address_delivery = 0)
    {
        $before = count($GLOBALS['ps']['tables']['cart_product']);
        $GLOBALS['ps']['tables']['cart_product'] = array_values(array_filter($GLOBALS['ps']['tables']['cart_product'], function ($row) use ($id_product, $id_product_attribute, $id_customization) {
            return !((int) $row['id_cart'] === (int) $this->id && (int) $row['id_product'] === (int) $id_product && (int) $row['id_product_attribute'] === (int) $id_product_attribute && (int) $row['id_customization'] === (int) $id_customization);
        }));
        if (count($GLOBALS['ps']['tables']['cart_product']) === $before) {
            return false;
        }

        return $this->update();
    }

    public function update($nullValues = false)
    {
        Hook::exec('actionCartSave', ['cart' => $this]);

        return true;
    }

    const BOTH = 3;

    /** Cart::getProducts()'s keys the module reads, for this cart's lines. */
    public function getProducts()
    {
        $lines = [];
        foreach ($GLOBALS['ps']['tables']['cart_product'] as $row) {
            if ((int) $row['id_cart'] === (int) $this->id) {
                $lines[] = ['id_product' => $row['id_product'], 'id_product_attribute' => $row['id_product_attribute'], 'cart_quantity' => $row['quantity']];
            }
        }

        return $lines;
    }

    /** Products with tax (Cart::BOTH: with shipping, free here). */
    public function getOrderTotal($withTaxes = true, $type = self::BOTH)
    {
        $total = 0;
        foreach ($this->getProducts() as $line) {
            $total += Product::getPriceStatic($line['id_product'], $withTaxes, $line['id_product_attribute']) * $line['cart_quantity'];
        }

        return round($total, 2);
    }
}

/** The checkout (OrderController). */
class OrderController extends FrontController
{
    public $php_self = 'order';
}

/** An order as PaymentModule::validateOrder hands it to `actionValidateOrder`: its lines as Order::getProducts() keys them. */
class Order
{
    public $id;
    public $id_cart;
    public $id_currency = 1;
    public $total_paid_tax_incl;
    private $lines;

    public function __construct(array $data)
    {
        $this->id = $data['id'];
        $this->id_cart = isset($data['id_cart']) ? $data['id_cart'] : 5;
        $this->total_paid_tax_incl = $data['total'];
        $this->lines = $data['lines'];
    }

    public function getProducts()
    {
        return array_map(static function ($line) {
            return ['product_id' => $line[0], 'product_quantity' => $line[1], 'product_attribute_id' => $line[2], 'unit_price_tax_incl' => $line[3]];
        }, $this->lines);
    }
}
