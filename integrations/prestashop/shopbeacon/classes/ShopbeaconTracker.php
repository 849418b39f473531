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
     * The visitor's ids when an event may be sent for them now, else null.
     *
     * @return array|null
     */
    public function visitor()
    {
        if ('' === $this->settings->adminKey()) {
            return null;
        }

        return ShopbeaconVisitor::tracked($_COOKIE, $_SERVER, $this->settings->consentMode());
    }

    /**
     * Queues the event for the end of the request.
     *
     * @param string $eventName the service's event name
     * @param array $fields its event object
     * @param string|null $key what makes this event once per action (a cart's contents, an order id): the same key is the
     *                         same event_id, which the relay refuses as a duplicate for 24 hours; null: a new id
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
            'event_id' => 'ps-' . (null === $key ? bin2hex(random_bytes(12)) : substr(hash('sha256', $ids['user_id'] . '|' . $key), 0, 40)),
        ];
        if (isset($ids['session_id'])) {
            $event['session_id'] = $ids['session_id'];
        }
        $event['visitor_agent'] = isset($_SERVER['HTTP_USER_AGENT']) ? substr((string) $_SERVER['HTTP_USER_AGENT'], 0, 512) : '';
        $this->client->track($event);

        return true;
    }
}
