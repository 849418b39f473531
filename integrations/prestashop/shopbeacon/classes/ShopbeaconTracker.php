<?php
/**
 * shopbeacon for PrestaShop: one server-side event of the shopper making this request.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * One server-side event as the relay's `/v1/track` mirror takes it, as the WooCommerce plugin's
 * Shopbeacon_Tracker builds it: the visitor's ids from the snippet's cookies (none is invented,
 * and none is used without consent or for a browser the relay judged automated), the time in the
 * shape the relay gives browser events, a relay-only `event_id` and the shopper's User-Agent for
 * the relay's bot filter (both taken off before the service gets the event).
 */
class ShopbeaconTracker
{
    /** @var ShopbeaconSettings */
    private $settings;

    /** @var ShopbeaconRelayClient */
    private $client;

    public function __construct(ShopbeaconSettings $settings, ShopbeaconRelayClient $client)
    {
        $this->settings = $settings;
        $this->client = $client;
    }

    /**
     * The visitor's ids when an event may be sent for them now, else null. A customer id from the
     * cookie (`~42`) is believed only when PrestaShop's own session is that customer's: a browser
     * can write any cookie, and customer ids are sequential. With the identity secret, an anonymous
     * id goes as the relay's door would send it (ShopbeaconSignedVisitorIds): a customer's id sent
     * as one is not that customer.
     *
     * @return array|null
     */
    public function visitor()
    {
        if ('' === $this->settings->adminKey()) {
            return null;
        }
        $ids = ShopbeaconVisitor::tracked($_COOKIE, $_SERVER, $this->settings->consentMode());
        if (null === $ids) {
            return null;
        }
        if (ShopbeaconVisitor::isIdentified($_COOKIE)) {
            // A session of no customer is 0, which `~0` would match: a customer id is believed only for a customer.
            $customer = self::sessionCustomerId();

            return $customer > 0 && (string) $customer === $ids['user_id'] ? $ids : null;
        }
        if ('' !== $this->settings->identitySecret()) {
            $ids['user_id'] = (new ShopbeaconSignedVisitorIds($this->settings->identitySecret()))->asTheRelaySends($ids['user_id']);
        }

        return $ids;
    }

    /** The shopper's User-Agent, its first 512 bytes cut between characters and made valid UTF-8: it is sent as JSON. */
    private static function agent()
    {
        $agent = isset($_SERVER['HTTP_USER_AGENT']) && is_string($_SERVER['HTTP_USER_AGENT']) ? $_SERVER['HTTP_USER_AGENT'] : '';

        return mb_convert_encoding(mb_strcut($agent, 0, 512, 'UTF-8'), 'UTF-8', 'UTF-8');
    }

    /**
     * The customer PrestaShop's session is logged in as (a guest after checkout included), 0 for
     * none. PaymentModule::validateOrder puts a customer loaded from the cart in the context, one
     * never logged in, before `actionValidateOrder`: the shop's own cookie (encrypted, so no
     * browser writes it) still names the session's customer, checked as the shop checks its own.
     */
    private static function sessionCustomerId()
    {
        $context = Context::getContext();
        $customer = $context->customer;
        if (is_object($customer) && $customer->isLogged(true)) {
            return (int) $customer->id;
        }
        $cookie = $context->cookie;
        if (!is_object($cookie) || empty($cookie->logged) || (int) $cookie->id_customer <= 0) {
            return 0;
        }
        $session = new Customer((int) $cookie->id_customer);
        $session->logged = true;

        return $session->isLogged(true) ? (int) $session->id : 0;
    }

    /**
     * Queues the event for the end of the request.
     *
     * @param string $eventName the service's event name
     * @param array $fields its event object
     * @param string|null $key what makes this event once per action, unique in the shop (a cart's id and contents, an order
     *                         id): the same key is the same event_id, which the relay refuses as a duplicate for 24 hours,
     *                         whoever the shopper became in between (logged in, registered); null: a new id
     *
     * @return bool whether it was queued
     */
    public function send($eventName, array $fields, $key = null)
    {
        $ids = $this->visitor();
        if (null === $ids) {
            return false;
        }
        $event = [
            'user_id' => $ids['user_id'],
            'event_name' => $eventName,
            'event' => $fields,
            'datetime' => gmdate('Y-m-d H:i:s+00:00'),
            // A retry after an answer that came too late is a duplicate, not a second event.
            'event_id' => 'ps-' . (null === $key ? bin2hex(random_bytes(12)) : substr(hash('sha256', $key), 0, 40)),
        ];
        if (isset($ids['session_id'])) {
            $event['session_id'] = $ids['session_id'];
        }
        // The shopper's agent and address: the relay judges them as it judges a browser's batch, and drops them.
        $event['visitor_agent'] = self::agent();
        if (isset($_SERVER['REMOTE_ADDR']) && false !== filter_var($_SERVER['REMOTE_ADDR'], FILTER_VALIDATE_IP)) {
            $event['visitor_ip'] = (string) $_SERVER['REMOTE_ADDR'];
        }
        $this->client->track($event);

        return true;
    }
}
