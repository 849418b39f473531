<?php
/**
 * shopbeacon for PrestaShop 1.7.8, 8.x and 9.x: the shopper's journey (product views, cart
 * changes, a started checkout, the placed order) to a shopbeacon relay, which feeds it to the
 * personalization service. Orders and products go by the relay's sync (PrestaShop's Webservice).
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

require_once __DIR__ . '/classes/ShopbeaconSettings.php';
require_once __DIR__ . '/classes/ShopbeaconVisitor.php';
require_once __DIR__ . '/classes/ShopbeaconSignedVisitorIds.php';
require_once __DIR__ . '/classes/ShopbeaconProductFields.php';
require_once __DIR__ . '/classes/ShopbeaconRetryQueue.php';
require_once __DIR__ . '/classes/ShopbeaconRelayClient.php';
require_once __DIR__ . '/classes/ShopbeaconTracker.php';
require_once __DIR__ . '/classes/ShopbeaconStorefront.php';
require_once __DIR__ . '/classes/ShopbeaconIdentityProof.php';
require_once __DIR__ . '/classes/ShopbeaconCartEvents.php';
require_once __DIR__ . '/classes/ShopbeaconCheckoutEvents.php';
require_once __DIR__ . '/classes/ShopbeaconListing.php';
require_once __DIR__ . '/classes/ShopbeaconListingEvents.php';
require_once __DIR__ . '/classes/ShopbeaconPersonalData.php';
require_once __DIR__ . '/classes/ShopbeaconAttribution.php';
require_once __DIR__ . '/classes/ShopbeaconRecommendationLists.php';

class shopbeacon extends Module
{
    /** The hooks install() registers, each with its hookXxx method below. */
    const HOOKS = [
        'displayHeader',
        'actionCartUpdateQuantityBefore',
        'actionObjectProductInCartDeleteBefore',
        'actionObjectProductInCartDeleteAfter',
        'actionCartSave',
        'actionValidateOrder',
        'filterProductSearch',
        'displayBeforeBodyClosingTag',
        'registerGDPRConsent',
        'actionExportGDPRData',
        'actionDeleteGDPRCustomer',
        'actionOutputHTMLBefore',
    ];

    /** @var ShopbeaconSettings */
    private $settings;

    /** @var ShopbeaconRelayClient */
    private $client;

    /** @var ShopbeaconCartEvents */
    private $cartEvents;

    /** @var ShopbeaconCheckoutEvents */
    private $checkoutEvents;

    /** @var ShopbeaconListingEvents */
    private $listingEvents;

    /** @var bool */
    private $shutdownRegistered = false;

    public function __construct()
    {
        $this->name = 'shopbeacon';
        $this->tab = 'analytics_stats';
        $this->version = '0.6.0';
        $this->author = 'shopbeacon';
        $this->need_instance = 0;
        $this->ps_versions_compliancy = ['min' => '1.7.8.0', 'max' => '9.99.99'];
        $this->bootstrap = true;

        parent::__construct();

        $this->displayName = $this->l('shopbeacon');
        $this->description = $this->l('Cart events and product views for the personalization service, through your shopbeacon relay.');

        // A storefront request is one shop's: its settings, its queue. The back office edits the shop context it chose.
        $shop = $this->context->shop;
        $this->settings = defined('_PS_ADMIN_DIR_') || !is_object($shop) ? new ShopbeaconSettings() : ShopbeaconSettings::forShop($shop);
        $this->client = new ShopbeaconRelayClient($this->settings, new ShopbeaconRetryQueue($this->settings->shopId(), $this->settings->shopGroupId()));
        $tracker = new ShopbeaconTracker($this->settings, $this->client);
        $this->cartEvents = new ShopbeaconCartEvents($tracker);
        $this->checkoutEvents = new ShopbeaconCheckoutEvents($tracker);
        $this->listingEvents = new ShopbeaconListingEvents();
    }

    public function install()
    {
        return parent::install()
            && Db::getInstance()->execute(ShopbeaconRetryQueue::createTableSql())
            && Db::getInstance()->execute(ShopbeaconAttribution::createTableSql())
            && Configuration::updateValue(ShopbeaconSettings::PUBLIC_PATH, ShopbeaconSettings::DEFAULT_PUBLIC_PATH)
            && Configuration::updateValue(ShopbeaconSettings::LOCAL_URL, ShopbeaconSettings::DEFAULT_LOCAL_URL)
            && Configuration::updateValue(ShopbeaconSettings::CONSENT, ShopbeaconSettings::CONSENT_GPC)
            && $this->registerHook(self::HOOKS);
    }

    /**
     * HOOKS registered from an upgrade script. PrestaShop 9.0.0's Module Manager hands those scripts
     * an instance whose id is not set, and Hook::registerHook registers nothing for an instance
     * without one (it answers false, and the whole upgrade is reported failed): the id is read from
     * ps_module by name. registerHook skips the hooks already registered, so a second run is harmless.
     */
    public function registerHooksOnUpgrade()
    {
        if (!isset($this->id) || !is_numeric($this->id)) {
            $this->id = (int) Module::getModuleIdByName($this->name);
        }

        return $this->registerHook(self::HOOKS);
    }

    public function uninstall()
    {
        foreach (array_merge(ShopbeaconSettings::keys(), [ShopbeaconRetryQueue::RETRY_AT]) as $key) {
            Configuration::deleteByName($key);
        }

        return Db::getInstance()->execute(ShopbeaconRetryQueue::dropTableSql())
            && Db::getInstance()->execute(ShopbeaconAttribution::dropTableSql())
            && parent::uninstall();
    }

    /** The storefront's head: the snippet; a started checkout or a quick view; a retry of queued events when one is due. */
    public function hookDisplayHeader($params)
    {
        if (defined('_PS_ADMIN_DIR_')) {
            return '';
        }
        $this->checkoutEvents->checkoutShown($this->context);
        $this->checkoutEvents->quickViewShown($this->context);
        if ($this->client->hasWork()) {
            $this->sendAtShutdown();
        }
        (new ShopbeaconIdentityProof($this->settings))->forPage($this->context);

        return (new ShopbeaconStorefront($this->settings))->head($this->context);
    }

    /** A listing's products as rendered (every listing controller, its AJAX answers too): `['searchVariables' => &$variables]`. */
    public function hookFilterProductSearch($params)
    {
        if (isset($params['searchVariables']) && is_array($params['searchVariables'])) {
            $this->listingEvents->listed($params['searchVariables'], $this->context);
        }
    }

    /** The listing's and the search's calls, once the page knows them. */
    public function hookDisplayBeforeBodyClosingTag($params)
    {
        return defined('_PS_ADMIN_DIR_') ? '' : $this->listingEvents->bodyEnd();
    }

    /** The page as it goes out (`['html' => &$html]`): the listings of its recommendation blocks. */
    public function hookActionOutputHTMLBefore($params)
    {
        if (!defined('_PS_ADMIN_DIR_') && isset($params['html']) && is_string($params['html'])) {
            $params['html'] = ShopbeaconRecommendationLists::listed($params['html'], $this->context);
        }
    }

    public function hookActionCartUpdateQuantityBefore($params)
    {
        if (!defined('_PS_ADMIN_DIR_') && $this->cartEvents->quantityBefore(is_array($params) ? $params : [])) {
            $this->sendAtShutdown();
        }
    }

    public function hookActionObjectProductInCartDeleteBefore($params)
    {
        if (!defined('_PS_ADMIN_DIR_') && $this->cartEvents->deleteBefore(is_array($params) ? $params : [])) {
            $this->sendAtShutdown();
        }
    }

    public function hookActionObjectProductInCartDeleteAfter($params)
    {
        $this->cartEvents->settle();
    }

    public function hookActionCartSave($params)
    {
        $this->cartEvents->settle();
    }

    /** An order placed from the storefront (a back-office order has no shopper to join it to). */
    public function hookActionValidateOrder($params)
    {
        if (!defined('_PS_ADMIN_DIR_') && $this->checkoutEvents->orderValidated(is_array($params) ? $params : [], $this->context)) {
            $this->sendAtShutdown();
        }
    }

    /** psgdpr lists the modules hooked here as the ones holding personal data (its consent checkbox per module). */
    public function hookRegisterGDPRConsent($params)
    {
    }

    /** psgdpr's export of a customer's data: what shopbeacon holds of them, as JSON rows. */
    public function hookActionExportGDPRData($params)
    {
        $rows = ShopbeaconPersonalData::export(ShopbeaconPersonalData::customerIds(is_array($params) ? $params : []));

        return json_encode($rows, ShopbeaconRelayClient::JSON_FLAGS);
    }

    /** psgdpr's erasure of a customer: their events still queued on the shop are forgotten, and the log says how many. */
    public function hookActionDeleteGDPRCustomer($params)
    {
        $ids = ShopbeaconPersonalData::customerIds(is_array($params) ? $params : []);
        $erased = ShopbeaconPersonalData::erase($ids);
        PrestaShopLogger::addLog(sprintf('shopbeacon: erasure for %d customer account(s): %d queued event(s) forgotten; the relay and the service keep their own data (docs/prestashop.md, "Personal data")', count($ids), $erased), 1, null, 'shopbeacon', 0, true);

        return json_encode(true);
    }

    /**
     * Once per request: at shutdown, the open changes are settled, then the events go to the relay
     * from a shutdown function registered from that one, so it runs after every other. There, when
     * PHP-FPM can end the response first (fastcgi_finish_request), it does, after writing
     * PrestaShop's cookie (Cookie::write() otherwise runs in its destructor, after shutdown
     * functions, when the response would be gone): the shopper does not wait on the relay at all.
     * Elsewhere the exchange is bounded by the client's timeouts (300 ms). Either way PHP's session
     * is closed first: PrestaShop 9 starts one on every page (FrontController::prepareNotifications),
     * and its lock would hold the shopper's next page for as long as the relay takes.
     */
    private function sendAtShutdown()
    {
        if ($this->shutdownRegistered) {
            return;
        }
        $this->shutdownRegistered = true;
        register_shutdown_function(function () {
            $this->cartEvents->settle();
            if ($this->client->hasWork()) {
                register_shutdown_function([$this, 'sendNow']);
            }
        });
    }

    /** @internal the last shutdown function (see sendAtShutdown) */
    public function sendNow()
    {
        try {
            if (PHP_SESSION_ACTIVE === session_status()) {
                session_write_close();
            }
            if (self::canFinishResponse()) {
                if (isset($this->context->cookie) && is_object($this->context->cookie) && method_exists($this->context->cookie, 'write')) {
                    $this->context->cookie->write();
                }
                ignore_user_abort(true);
                fastcgi_finish_request();
            }
            $this->client->flush();
        } catch (Throwable $error) {
            // Never into the shopper's page. The key is only ever in the request's header, never in SQL or an error.
            PrestaShopLogger::addLog('shopbeacon: cart events not sent: ' . get_class($error) . ': ' . substr($error->getMessage(), 0, 200), 2, null, 'shopbeacon', 0, true);
        }
    }

    /** PHP-FPM, with its function, and no fatal error being reported (its page must reach the shopper as it is). */
    private static function canFinishResponse()
    {
        $error = error_get_last();
        $fatal = is_array($error) && in_array($error['type'], [E_ERROR, E_PARSE, E_CORE_ERROR, E_COMPILE_ERROR, E_USER_ERROR], true);

        return 'fpm-fcgi' === PHP_SAPI && function_exists('fastcgi_finish_request') && !$fatal;
    }

    /** Back office > Modules > shopbeacon > Configure. */
    public function getContent()
    {
        $output = '';
        if (Tools::isSubmit('submit' . $this->name)) {
            $output .= $this->saveSettings();
        }

        return $output . $this->renderForm();
    }

    private function saveSettings()
    {
        $errors = [];
        $publicPath = trim((string) Tools::getValue(ShopbeaconSettings::PUBLIC_PATH));
        if ('' !== $publicPath && 1 !== preg_match('#^(/|https://)[^\s"<>]*$#', $publicPath)) {
            $errors[] = $this->l('The relay public path must begin with / or https://.');
        }
        $localUrl = trim((string) Tools::getValue(ShopbeaconSettings::LOCAL_URL));
        if ('' !== $localUrl && 1 !== preg_match('#^https?://[^\s/"<>]+(/[^\s"<>]*)?$#', $localUrl)) {
            $errors[] = $this->l('The relay local address must be an http:// or https:// URL.');
        }
        $consent = (string) Tools::getValue(ShopbeaconSettings::CONSENT);
        if (!in_array($consent, ShopbeaconSettings::consentModes(), true)) {
            $errors[] = $this->l('Choose a consent mode.');
        }
        $domain = strtolower(trim((string) Tools::getValue(ShopbeaconSettings::COOKIE_DOMAIN)));
        if ('' !== $domain && !ShopbeaconSettings::isCookieDomain($domain)) {
            $errors[] = $this->l('The cookie domain must be a domain name such as shop.example or .shop.example.');
        }
        if (!empty($errors)) {
            return $this->displayError(implode('<br>', array_map('htmlspecialchars', $errors)));
        }
        Configuration::updateValue(ShopbeaconSettings::PUBLIC_PATH, $publicPath);
        Configuration::updateValue(ShopbeaconSettings::LOCAL_URL, $localUrl);
        Configuration::updateValue(ShopbeaconSettings::CONSENT, $consent);
        Configuration::updateValue(ShopbeaconSettings::COOKIE_DOMAIN, $domain);
        // An empty key or secret field keeps the one already stored: a stored secret never reaches a page.
        foreach ([ShopbeaconSettings::ADMIN_KEY, ShopbeaconSettings::IDENTITY_SECRET] as $secret) {
            $value = trim((string) Tools::getValue($secret));
            if ('' !== $value) {
                Configuration::updateValue($secret, $value);
            }
        }

        return $this->displayConfirmation($this->l('Settings updated'));
    }

    private function renderForm()
    {
        $keySaved = '' !== $this->settings->adminKey();
        $form = [
            'form' => [
                'legend' => ['title' => $this->l('Settings'), 'icon' => 'icon-cogs'],
                'input' => [
                    [
                        'type' => 'text',
                        'label' => $this->l('Relay public path'),
                        'name' => ShopbeaconSettings::PUBLIC_PATH,
                        'desc' => $this->l('Where browsers reach the relay on this shop (the nginx location, default /sb/), or its https:// URL. The snippet loads shopbeacon.js from it and sends to collect beside it.'),
                    ],
                    [
                        'type' => 'text',
                        'label' => $this->l('Relay local address'),
                        'name' => ShopbeaconSettings::LOCAL_URL,
                        'desc' => $this->l('Where this server reaches the relay for cart events (default http://127.0.0.1:8787).'),
                    ],
                    [
                        'type' => 'password',
                        'label' => $this->l('Relay key'),
                        'name' => ShopbeaconSettings::ADMIN_KEY,
                        'autocomplete' => false,
                        'desc' => $keySaved
                            ? $this->l('Saved. The relay\'s SHOPBEACON_INGEST_KEY (or its admin key); leave empty to keep it.')
                            : $this->l('The relay\'s SHOPBEACON_INGEST_KEY: it can only post events, so a leak opens nothing else (its SHOPBEACON_ADMIN_KEY works too). Events are sent once it is set.'),
                    ],
                    [
                        'type' => 'password',
                        'label' => $this->l('Identity secret'),
                        'name' => ShopbeaconSettings::IDENTITY_SECRET,
                        'autocomplete' => false,
                        'desc' => $this->l('The relay\'s SHOPBEACON_IDENTITY_SECRET, if it has one: the module then proves each logged-in customer to the relay (the _sb_idp cookie), which believes a customer id from a browser only with that proof. Leave empty to keep the one saved.'),
                    ],
                    [
                        'type' => 'select',
                        'label' => $this->l('Consent'),
                        'name' => ShopbeaconSettings::CONSENT,
                        'options' => [
                            'query' => [
                                ['id' => ShopbeaconSettings::CONSENT_GPC, 'name' => $this->l('Respect Global Privacy Control (the snippet\'s default)')],
                                ['id' => ShopbeaconSettings::CONSENT_GCM, 'name' => $this->l('Follow Google Consent Mode, as the shop\'s cookie module emits it')],
                                ['id' => ShopbeaconSettings::CONSENT_REQUIRED, 'name' => $this->l('Required: nothing is stored or sent before your banner calls shopbeacon(\'consent\', true)')],
                                ['id' => ShopbeaconSettings::CONSENT_NONE, 'name' => $this->l('None: ignore Global Privacy Control')],
                            ],
                            'id' => 'id',
                            'name' => 'name',
                        ],
                        'desc' => $this->l('With a cookie module that emits Google Consent Mode v2 (gtag(\'consent\', \'default\' and \'update\', …) into dataLayer), choose Google Consent Mode: a shopper is followed once analytics_storage is granted and personalization_storage is not denied, nothing before their choice, nothing after a refusal, from the browser and from the server alike. Without such a module that mode would never grant, and no event would be sent: keep Global Privacy Control, or Required with your banner calling shopbeacon(\'consent\', true).'),
                    ],
                    [
                        'type' => 'text',
                        'label' => $this->l('Cookie domain'),
                        'name' => ShopbeaconSettings::COOKIE_DOMAIN,
                        'desc' => $this->l('Optional: .shop.example to share the visitor id across subdomains. Empty: the page\'s own host.'),
                    ],
                ],
                'submit' => ['title' => $this->l('Save')],
            ],
        ];

        $helper = new HelperForm();
        $helper->module = $this;
        $helper->name_controller = $this->name;
        $helper->table = $this->table;
        $helper->token = Tools::getAdminTokenLite('AdminModules');
        $helper->currentIndex = AdminController::$currentIndex . '&configure=' . $this->name;
        $helper->default_form_language = (int) Configuration::get('PS_LANG_DEFAULT');
        $helper->allow_employee_form_lang = (int) Configuration::get('PS_BO_ALLOW_EMPLOYEE_FORM_LANG');
        $helper->title = $this->displayName;
        $helper->show_toolbar = false;
        $helper->submit_action = 'submit' . $this->name;
        $helper->fields_value = [
            ShopbeaconSettings::PUBLIC_PATH => $this->settings->publicPath(),
            ShopbeaconSettings::LOCAL_URL => $this->settings->localUrl(),
            ShopbeaconSettings::ADMIN_KEY => '',
            ShopbeaconSettings::IDENTITY_SECRET => '',
            ShopbeaconSettings::CONSENT => $this->settings->consentMode(),
            ShopbeaconSettings::COOKIE_DOMAIN => $this->settings->cookieDomain(),
        ];

        return $helper->generateForm([$form]);
    }
}
