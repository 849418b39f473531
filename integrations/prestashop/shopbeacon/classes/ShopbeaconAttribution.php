<?php
/**
 * shopbeacon for PrestaShop: what led to a cart line.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * What led to a cart line: the listing its product was last clicked from in the shopper's session
 * (`list_id`, `position`, `query`). The click happens in the browser: the snippet remembers it in
 * the page's own storage, under consent only, and the module's script puts it in the add-to-cart
 * request (`shopbeacon_click`, JSON, a hidden field of the form the theme serializes for its AJAX
 * add); no cookie carries it. The line keeps the attribution of its latest add in a table keyed by
 * the cart's line (id_cart, id_product, id_product_attribute), which outlives the shopper's cookie,
 * so `Checkout Started` and `Order Completed` name it even when a payment module validates the
 * order from its own callback.
 */
class ShopbeaconAttribution
{
    const TABLE = 'shopbeacon_attribution';

    /** The add-to-cart request's field. */
    const FIELD = 'shopbeacon_click';

    /**
     * Fills `shopbeacon_click` in, as the theme's add-to-cart button is clicked (before core.js
     * serializes its form) or its form is posted: empty when the snippet knows no click of this
     * session for the product, so an add without one names none.
     */
    const SCRIPT = '(function(){function c(i){try{var v=shopbeacon("clickOf",+i);return v?JSON.stringify(v):""}catch(x){return""}}function f(o){var i=o&&o.querySelector&&o.querySelector("[data-button-action=add-to-cart]")&&o.querySelector("[name=id_product]");if(!i)return;var h=o.querySelector("input[name=shopbeacon_click]");if(!h){h=document.createElement("input");h.type="hidden";h.name="shopbeacon_click";o.appendChild(h)}h.value=c(i.value)}document.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-button-action=add-to-cart]");b&&f(b.form||b.closest("form"))},true);document.addEventListener("submit",function(e){f(e.target)},true)})();';

    public static function createTableSql()
    {
        return 'CREATE TABLE IF NOT EXISTS `' . _DB_PREFIX_ . self::TABLE . '` (
            `id_cart` INT UNSIGNED NOT NULL,
            `id_product` INT UNSIGNED NOT NULL,
            `id_product_attribute` INT UNSIGNED NOT NULL DEFAULT 0,
            `list_id` VARCHAR(256) NOT NULL,
            `position` INT UNSIGNED NOT NULL DEFAULT 0,
            `query` VARCHAR(256) NOT NULL DEFAULT \'\',
            PRIMARY KEY (`id_cart`, `id_product`, `id_product_attribute`)
        ) ENGINE=' . _MYSQL_ENGINE_ . ' DEFAULT CHARSET=utf8mb4';
    }

    public static function dropTableSql()
    {
        return 'DROP TABLE IF EXISTS `' . _DB_PREFIX_ . self::TABLE . '`';
    }

    /**
     * What this request says about the click behind an add: a click, `false` when the browser
     * knows none (an empty field: the add names none), null when it says nothing (a quantity
     * changed on the cart page, a module adding to the cart): the line keeps its own.
     */
    public static function fromRequest()
    {
        $said = Tools::getValue(self::FIELD, null);
        if (!is_string($said)) {
            return null;
        }
        $click = self::valid(json_decode($said, true));

        return null === $click ? false : $click;
    }

    /** The catalogue's fields of a click (relay/contract/event-catalogue.ts PRODUCT_FIELDS), or null: a position or a query alone names nothing. */
    public static function valid($click)
    {
        if (!is_array($click) || !isset($click['list_id']) || !self::isLabel($click['list_id'])) {
            return null;
        }
        $valid = ['list_id' => $click['list_id']];
        $position = isset($click['position']) ? $click['position'] : null;
        if (is_int($position) && $position >= 1 && $position <= 1000000) {
            $valid['position'] = $position;
        }
        if (isset($click['query']) && self::isLabel($click['query'])) {
            $valid['query'] = $click['query'];
        }

        return $valid;
    }

    /** Text of 1 to 256 characters with no control character: what the relay takes as a label. */
    private static function isLabel($text)
    {
        return is_string($text) && 1 === preg_match('/^[^\x{0}-\x{8}\x{B}\x{C}\x{E}-\x{1F}\x{7F}-\x{9F}]{1,256}$/u', $text);
    }

    /**
     * Records what this add says on the line and answers the line's attribution after it.
     *
     * @param array $line id_cart, id_product, id_product_attribute
     */
    public static function added(array $line)
    {
        $said = self::fromRequest();
        if (null === $said) {
            return self::ofLine($line);
        }
        Db::getInstance()->delete(self::TABLE, self::where($line));
        if ($said) {
            Db::getInstance()->insert(self::TABLE, [
                'id_cart' => (int) $line['id_cart'],
                'id_product' => (int) $line['id_product'],
                'id_product_attribute' => (int) $line['id_product_attribute'],
                'list_id' => pSQL($said['list_id'], true),
                'position' => isset($said['position']) ? (int) $said['position'] : 0,
                'query' => isset($said['query']) ? pSQL($said['query'], true) : '',
            ]);
        }

        return $said ? $said : [];
    }

    /** A line gone from the cart takes its attribution with it: the product added again later names its own. */
    public static function forget(array $line)
    {
        Db::getInstance()->delete(self::TABLE, self::where($line));
    }

    /** A line's attribution, as product fields (none for a line added without a click). */
    public static function ofLine(array $line)
    {
        $lines = self::ofCart((int) $line['id_cart']);
        $key = self::key($line['id_product'], $line['id_product_attribute']);

        return isset($lines[$key]) ? $lines[$key] : [];
    }

    /** Each attributed line of a cart, by `key()`: one query for a checkout or an order. */
    public static function ofCart($idCart)
    {
        $rows = Db::getInstance()->executeS(
            'SELECT `id_product`, `id_product_attribute`, `list_id`, `position`, `query` FROM `' . _DB_PREFIX_ . self::TABLE . '` WHERE `id_cart` = ' . (int) $idCart
        );
        $lines = [];
        foreach (is_array($rows) ? $rows : [] as $row) {
            $click = self::valid([
                'list_id' => (string) $row['list_id'],
                'position' => (int) $row['position'],
                'query' => (string) $row['query'],
            ]);
            if (null !== $click) {
                $lines[self::key($row['id_product'], $row['id_product_attribute'])] = $click;
            }
        }

        return $lines;
    }

    public static function key($idProduct, $idProductAttribute)
    {
        return (int) $idProduct . '-' . (int) $idProductAttribute;
    }

    private static function where(array $line)
    {
        return '`id_cart` = ' . (int) $line['id_cart'] . ' AND `id_product` = ' . (int) $line['id_product'] . ' AND `id_product_attribute` = ' . (int) $line['id_product_attribute'];
    }
}
