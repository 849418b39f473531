<?php
/**
 * shopbeacon for PrestaShop: what the module holds of a customer, for psgdpr's export and erasure.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * What the shop holds for shopbeacon of one customer, as psgdpr (PrestaShop's GDPR module) asks
 * for it. A customer is known to the relay and the service by their customer id (`user_id`, once
 * the snippet identified them); the shop itself keeps only the events still waiting for the relay
 * (the retry queue, every shop's: a customer may be shared across shops). Their anonymous ids live
 * in their browser's cookies, which the shop cannot reach. psgdpr 2 names the customer as
 * `[$idOrAddress]` (an id, `['email' => …]` or `['phone' => …]`), psgdpr 1.x as the customer's
 * fields (`id`, `email`); a request by phone names no one the module knows.
 */
class ShopbeaconPersonalData
{
    /**
     * The customer ids a psgdpr call names.
     *
     * @param array $params the hook's parameters
     *
     * @return int[]
     */
    public static function customerIds(array $params)
    {
        $named = isset($params[0]) && 1 === count($params) ? $params[0] : $params;
        if (is_scalar($named)) {
            return self::ids([$named]);
        }
        if (!is_array($named)) {
            return [];
        }
        if (isset($named['id'])) {
            return self::ids([$named['id']]);
        }
        if (isset($named['email']) && is_string($named['email']) && '' !== $named['email']) {
            $customers = Customer::getCustomersByEmail($named['email']);

            return self::ids(array_column(is_array($customers) ? $customers : [], 'id_customer'));
        }

        return [];
    }

    /** @return int[] */
    private static function ids(array $values)
    {
        $ids = [];
        foreach ($values as $value) {
            if (is_scalar($value) && 1 === preg_match('/^[1-9]\d*$/', (string) $value)) {
                $ids[] = (int) $value;
            }
        }

        return array_values(array_unique($ids));
    }

    /** A queued event's JSON begins with its user_id (ShopbeaconTracker::send), a customer's being their id. */
    private static function queuedOf($idCustomer)
    {
        return '`body` LIKE \'' . pSQL('{"user_id":"' . (int) $idCustomer . '",') . '%\'';
    }

    /**
     * psgdpr's export rows: the customer's id as the relay and the service know it, and each of
     * their events still queued on the shop.
     *
     * @param int[] $idCustomers
     *
     * @return array[] rows of the same keys: psgdpr takes the columns from them
     */
    public static function export(array $idCustomers)
    {
        $rows = [];
        foreach ($idCustomers as $idCustomer) {
            $rows[] = ['data' => 'user_id sent to the personalization service', 'value' => (string) $idCustomer, 'date' => ''];
            $queued = Db::getInstance()->executeS('SELECT `id_shop`, `body`, `date_add` FROM `' . _DB_PREFIX_ . ShopbeaconRetryQueue::TABLE . '` WHERE ' . self::queuedOf($idCustomer) . ' ORDER BY `id_shopbeacon_queue` ASC');
            foreach (is_array($queued) ? $queued : [] as $row) {
                $event = json_decode($row['body'], true);
                $rows[] = [
                    'data' => 'event waiting for the relay (shop ' . (int) $row['id_shop'] . ')',
                    'value' => is_array($event) && isset($event['event_name']) ? (string) $event['event_name'] : '',
                    'date' => gmdate('Y-m-d H:i:s', (int) $row['date_add']),
                ];
            }
        }

        return $rows;
    }

    /**
     * Forgets the customers' events still queued on the shop; returns how many. The relay has no
     * erasure call and the service none either: what they hold is erased there (docs/prestashop.md).
     *
     * @param int[] $idCustomers
     */
    public static function erase(array $idCustomers)
    {
        $erased = 0;
        foreach ($idCustomers as $idCustomer) {
            $erased += (int) Db::getInstance()->getValue('SELECT COUNT(*) FROM `' . _DB_PREFIX_ . ShopbeaconRetryQueue::TABLE . '` WHERE ' . self::queuedOf($idCustomer));
            Db::getInstance()->delete(ShopbeaconRetryQueue::TABLE, self::queuedOf($idCustomer));
        }

        return $erased;
    }
}
