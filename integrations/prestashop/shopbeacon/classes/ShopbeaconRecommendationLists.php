<?php
/**
 * shopbeacon for PrestaShop: the product blocks a shop recommends from, as listings.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * The home page's product blocks, the product page's accessories and ps_crossselling, as listings
 * with their own `list_id`, so a click on one is a `Product Clicked` of it and the add that
 * follows names it (ShopbeaconAttribution). These blocks hand no hook their products, and
 * ps_crossselling's are a random draw its template cache keeps, so the products are read from the
 * page as rendered (`actionOutputHTMLBefore`): each block is a `<section>` holding no other, each product a
 * miniature with `data-id-product` (the attribute the themes' own scripts read), its first link the
 * product's address. A block is known by its section:
 *
 * - `data-type` (the classic theme; on a real 9.0.0 `popularproducts`, `onsale`, `bestsellers`,
 *   `crossselling`, `viewedproduct`, `categoryproducts`): ps_featuredproducts' `popularproducts` is
 *   `home-featured`, ps_crossselling's `crossselling-<product>` on a product page and
 *   `crossselling-cart` on the cart, any other block `block-<its data-type>`;
 * - the class `product-accessories` (classic and hummingbird): `accessories-<product>`;
 * - else its "all products" link, the address the block's module makes (a theme that marks no
 *   block): the featured category's is `home-featured`, new products', best sales' and prices
 *   drop's `block-newproducts`, `block-bestsellers`, `block-onsale`.
 *
 * Any other section is no list: a theme that marks its blocks otherwise sends none of them.
 *
 * Each block's section goes out with its `data-sb-list`: a product listed in two blocks (an
 * accessory also in the category's block) is then credited by the snippet to the block clicked.
 */
class ShopbeaconRecommendationLists
{
    /** relay/contract/event-catalogue.ts MAX_LIST_PRODUCTS. */
    const MAX_PRODUCTS = 200;

    /** The classic theme's `data-type`s whose lists are not `block-<data-type>`. */
    const TYPES = ['popularproducts' => 'home-featured', 'crossselling' => 'crossselling-'];

    /** The page each "all products" link leads to, and its list. */
    const PAGES = ['new-products' => 'block-newproducts', 'best-sales' => 'block-bestsellers', 'prices-drop' => 'block-onsale'];

    /**
     * `actionOutputHTMLBefore` (`['html' => &$html]`, the page as it goes out): the listings of
     * its recommendation blocks, sent before the body's end, each block's section marked with its list.
     */
    public static function listed($html, Context $context)
    {
        $listings = self::listings($html, $context);
        $calls = '';
        foreach ($listings as $listing) {
            $calls .= ShopbeaconStorefront::call(['viewList', $listing]);
        }
        $end = strripos($html, '</body>');
        if ('' === $calls || false === $end) {
            return $html;
        }
        $html = substr_replace($html, '<script>' . $calls . "</script>\n", $end, 0);
        // From the last, so each earlier section's offset still holds.
        foreach (array_reverse(array_keys($listings)) as $start) {
            $html = substr_replace($html, ' data-sb-list="' . htmlspecialchars($listings[$start]['list_id'], ENT_QUOTES, 'UTF-8') . '"', $start + strlen('<section'), 0);
        }

        return $html;
    }

    /** The page's recommendation blocks that hold products, in the page's order, by their section's offset. */
    public static function listings($html, Context $context)
    {
        preg_match_all('/<section\b[^>]*>/i', $html, $sections, PREG_OFFSET_CAPTURE);
        $listings = [];
        foreach ($sections[0] as $section) {
            list($tag, $start) = $section;
            $end = stripos($html, '</section>', $start);
            $body = substr($html, $start, false === $end ? null : $end - $start);
            // The page's own sections (#wrapper, #main, #content) hold the blocks: only a section without one inside is a block.
            if (false !== stripos($body, '<section', strlen($tag))) {
                continue;
            }
            $listId = self::listId($tag, $body, $context);
            $products = null === $listId ? [] : self::products($body, $context);
            if (!empty($products)) {
                $listings[$start] = ['list_id' => $listId, 'products' => $products];
            }
        }

        return $listings;
    }

    /** The list of a section, or null when it is none of the blocks. */
    private static function listId($tag, $body, Context $context)
    {
        $kind = null;
        if (preg_match('/\bdata-type="([a-z]+)"/', $tag, $type)) {
            $kind = isset(self::TYPES[$type[1]]) ? self::TYPES[$type[1]] : 'block-' . $type[1];
        } elseif (preg_match('/\bclass="[^"]*\bproduct-accessories\b/', $tag)) {
            $kind = 'accessories-';
        } elseif (preg_match('/<a\b[^>]*\bclass="[^"]*\ball-product-link\b[^"]*"[^>]*\bhref="([^"]+)"|<a\b[^>]*\bhref="([^"]+)"[^>]*\bclass="[^"]*\ball-product-link\b/', $body, $link)) {
            $kind = self::linkedList(html_entity_decode(isset($link[2]) && '' !== $link[2] ? $link[2] : $link[1], ENT_QUOTES, 'UTF-8'), $context);
        }
        if (null === $kind || '-' !== substr($kind, -1)) {
            return $kind;
        }
        $page = is_object($context->controller) && isset($context->controller->php_self) ? $context->controller->php_self : '';
        if ('cart' === $page && 'crossselling-' === $kind) {
            return 'crossselling-cart';
        }
        $idProduct = 'product' === $page ? (int) Tools::getValue('id_product') : 0;

        return $idProduct > 0 ? $kind . $idProduct : null;
    }

    /** The list whose page an "all products" link leads to, as the block's module makes the link. */
    private static function linkedList($href, Context $context)
    {
        $link = $context->link;
        $href = preg_replace('/[?#].*$/', '', $href);
        foreach (self::PAGES as $page => $listId) {
            if ($href === preg_replace('/[?#].*$/', '', (string) $link->getPageLink($page))) {
                return $listId;
            }
        }
        $featured = (int) Configuration::get('HOME_FEATURED_CAT') ?: (int) Configuration::get('PS_HOME_CATEGORY');
        if ($featured > 0 && $href === preg_replace('/[?#].*$/', '', (string) $link->getCategoryLink($featured))) {
            return 'home-featured';
        }

        return null;
    }

    /** The section's miniatures in order: `product_id`, `position` and the address of its first link. */
    private static function products($body, Context $context)
    {
        preg_match_all('/<article\b[^>]*\bdata-id-product="(\d+)"[^>]*>/i', $body, $miniatures, PREG_OFFSET_CAPTURE);
        $products = [];
        foreach (array_slice($miniatures[1], 0, self::MAX_PRODUCTS) as $index => $id) {
            $from = $miniatures[0][$index][1];
            $to = isset($miniatures[0][$index + 1]) ? $miniatures[0][$index + 1][1] : strlen($body);
            $product = ['product_id' => (int) $id[0], 'position' => $index + 1];
            if (preg_match('/<a\b[^>]*\bhref="([^"]+)"/i', substr($body, $from, $to - $from), $link)) {
                $product['url'] = html_entity_decode($link[1], ENT_QUOTES, 'UTF-8');
            }
            $products[] = $product;
        }

        return $products;
    }
}
