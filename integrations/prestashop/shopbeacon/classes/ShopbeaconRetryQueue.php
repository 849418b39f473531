<?php
/**
 * shopbeacon for PrestaShop: events the relay did not take, kept for a later request.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * A small table of tracking events the relay did not take (down, hung, key refused), sent again
 * with a later request's events or by the next page view once RETRY_AT has passed. Bounded: the
 * newest MAX_EVENTS, none older than MAX_AGE. Each row is its shop's, and so is RETRY_AT (a
 * Configuration value per shop, read from PrestaShop's in-memory configuration cache, so a page
 * view costs no query): in a multistore each shop has its own relay and key, and a shop's request
 * sends only that shop's events, to that shop's relay. RETRY_AT is 0 while the shop has no row,
 * else when its next retry is due.
 */
class ShopbeaconRetryQueue
{
    const TABLE = 'shopbeacon_queue';
    const RETRY_AT = 'SHOPBEACON_RETRY_AT';

    /** Events kept at most: the oldest beyond it are dropped (and counted in the log). */
    const MAX_EVENTS = 1000;

    /** Seconds an event is kept: a relay down over a long weekend loses nothing. */
    const MAX_AGE = 604800;

    /** Seconds between tries while the relay does not take them. */
    const RETRY_DELAY = 60;

    /** Events sent again per request (the mirror takes 500 per call). */
    const BATCH = 200;

    public static function createTableSql()
    {
        return 'CREATE TABLE IF NOT EXISTS `' . _DB_PREFIX_ . self::TABLE . '` (
            `id_shopbeacon_queue` INT UNSIGNED NOT NULL AUTO_INCREMENT,
            `id_shop` INT UNSIGNED NOT NULL DEFAULT 0,
            `body` MEDIUMTEXT NOT NULL,
            `date_add` INT UNSIGNED NOT NULL,
            PRIMARY KEY (`id_shopbeacon_queue`),
            KEY `id_shop` (`id_shop`, `id_shopbeacon_queue`),
            KEY `date_add` (`date_add`)
        ) ENGINE=' . _MYSQL_ENGINE_ . ' DEFAULT CHARSET=utf8mb4';
    }

    /** 0.4.0's table had no shop: its rows were the default shop's, the only one a single shop has. */
    public static function addShopColumnSql($defaultShopId)
    {
        return 'ALTER TABLE `' . _DB_PREFIX_ . self::TABLE . '`
            ADD COLUMN `id_shop` INT UNSIGNED NOT NULL DEFAULT ' . (int) $defaultShopId . ' AFTER `id_shopbeacon_queue`,
            ADD KEY `id_shop` (`id_shop`, `id_shopbeacon_queue`)';
    }

    /** The queue's shop column, if the table has it: a row when it has. */
    public static function shopColumnSql()
    {
        return 'SHOW COLUMNS FROM `' . _DB_PREFIX_ . self::TABLE . '` LIKE \'id_shop\'';
    }

    public static function dropTableSql()
    {
        return 'DROP TABLE IF EXISTS `' . _DB_PREFIX_ . self::TABLE . '`';
    }

    /** @var int */
    private $idShop;

    /** @var int */
    private $idShopGroup;

    /**
     * @param int $idShop the shop whose rows and retry time these are
     * @param int $idShopGroup its group
     */
    public function __construct($idShop, $idShopGroup)
    {
        $this->idShop = (int) $idShop;
        $this->idShopGroup = (int) $idShopGroup;
    }

    private function shopRows()
    {
        return '`id_shop` = ' . $this->idShop;
    }

    private function setRetryAt($at)
    {
        Configuration::updateValue(self::RETRY_AT, (int) $at, false, $this->idShopGroup, $this->idShop);
    }

    /** Whether a retry is due now (no query: the configuration cache). */
    public function isDue($now)
    {
        $at = (int) Configuration::get(self::RETRY_AT, null, $this->idShopGroup, $this->idShop);

        return $at > 0 && $at <= $now;
    }

    /**
     * The oldest queued events, `[id => event]`, expired ones dropped first. RETRY_AT moves on at
     * once, so other requests do not try the same events while this one does.
     */
    public function claim($now)
    {
        $db = Db::getInstance();
        $db->delete(self::TABLE, '`date_add` < ' . (int) ($now - self::MAX_AGE) . ' AND ' . $this->shopRows());
        $rows = $db->executeS('SELECT `id_shopbeacon_queue`, `body` FROM `' . _DB_PREFIX_ . self::TABLE . '` WHERE ' . $this->shopRows() . ' ORDER BY `id_shopbeacon_queue` ASC LIMIT ' . (int) self::BATCH);
        $events = [];
        $unreadable = [];
        foreach (is_array($rows) ? $rows : [] as $row) {
            $event = json_decode($row['body'], true);
            if (is_array($event)) {
                $events[(int) $row['id_shopbeacon_queue']] = $event;
            } else {
                $unreadable[] = (int) $row['id_shopbeacon_queue'];
            }
        }
        // A row no retry can ever send would hold the queue's head, and RETRY_AT, for its seven days.
        if (!empty($unreadable)) {
            $db->delete(self::TABLE, '`id_shopbeacon_queue` IN (' . implode(',', $unreadable) . ')');
        }
        $this->setRetryAt(empty($rows) ? 0 : $now + self::RETRY_DELAY);

        return $events;
    }

    /** Forgets events that were taken, or refused for good; RETRY_AT follows what is left. */
    public function remove(array $ids, $now)
    {
        if (!empty($ids)) {
            Db::getInstance()->delete(self::TABLE, '`id_shopbeacon_queue` IN (' . implode(',', array_map('intval', $ids)) . ')');
        }
        $left = (int) Db::getInstance()->getValue('SELECT COUNT(*) FROM `' . _DB_PREFIX_ . self::TABLE . '` WHERE ' . $this->shopRows());
        $this->setRetryAt($left > 0 ? $now : 0);
    }

    /** Keeps events for a later try; returns how many older ones the bound dropped. */
    public function push(array $events, $now)
    {
        if (empty($events)) {
            return 0;
        }
        $rows = [];
        foreach ($events as $event) {
            $body = json_encode($event, ShopbeaconRelayClient::JSON_FLAGS);
            if (is_string($body)) {
                $rows[] = ['id_shop' => $this->idShop, 'body' => pSQL($body, true), 'date_add' => (int) $now];
            }
        }
        if (empty($rows)) {
            return 0;
        }
        $db = Db::getInstance();
        $db->insert(self::TABLE, $rows);
        $dropped = 0;
        // executeS, not getValue: Db::getValue() appends its own LIMIT 1 (Db::getRow, 1.7.8 classes/db/Db.php:649).
        $beyond = $db->executeS('SELECT `id_shopbeacon_queue` FROM `' . _DB_PREFIX_ . self::TABLE . '` WHERE ' . $this->shopRows() . ' ORDER BY `id_shopbeacon_queue` DESC LIMIT ' . (int) self::MAX_EVENTS . ', 1');
        $bound = is_array($beyond) && isset($beyond[0]) ? (int) $beyond[0]['id_shopbeacon_queue'] : 0;
        if ($bound > 0) {
            $dropped = (int) $db->getValue('SELECT COUNT(*) FROM `' . _DB_PREFIX_ . self::TABLE . '` WHERE `id_shopbeacon_queue` <= ' . (int) $bound . ' AND ' . $this->shopRows());
            $db->delete(self::TABLE, '`id_shopbeacon_queue` <= ' . (int) $bound . ' AND ' . $this->shopRows());
        }
        $this->setRetryAt($now + self::RETRY_DELAY);

        return $dropped;
    }
}
