<?php
/**
 * shopbeacon for PrestaShop: the listing a page shows, and the search that made it.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * `Product List Viewed` and `Products Searched` from what ProductListingFrontController hands
 * `filterProductSearch` (PrestaShop 1.7.1 to 9, every listing controller: category, search,
 * new-products, best-sales, prices-drop, manufacturer, supplier): the presented products as
 * rendered, the pagination, the result with its total. The presented product has no position: it
 * is `items_shown_from` and its index, so page 2 goes on from page 1.
 */
class ShopbeaconListing
{
    /** relay/contract/event-catalogue.ts MAX_LIST_PRODUCTS. */
    const MAX_PRODUCTS = 200;

    /** The controllers whose list is one per shop, by their `php_self`; the others are per category, brand or supplier. */
    const SINGLE_LISTS = ['search' => 'search', 'new-products' => 'new-products', 'best-sales' => 'best-sales', 'prices-drop' => 'prices-drop'];

    /**
     * `Product List Viewed`'s object, or null for a listing without products.
     *
     * @param array $variables The search variables (`products`, `pagination`, `label`)
     */
    public static function viewed(array $variables, Context $context)
    {
        $listId = self::listId($context->controller);
        $products = isset($variables['products']) && is_array($variables['products']) ? $variables['products'] : [];
        if (null === $listId || empty($products)) {
            return null;
        }
        $first = isset($variables['pagination']['items_shown_from']) ? max(1, (int) $variables['pagination']['items_shown_from']) : 1;
        $currency = isset($context->currency->iso_code) ? (string) $context->currency->iso_code : null;
        $listed = [];
        foreach (array_slice(array_values($products), 0, self::MAX_PRODUCTS) as $index => $product) {
            $listed[] = self::product($product, $first + $index, $currency);
        }

        return [
            'list_id' => $listId,
            'list_name' => self::name($context->controller, $variables),
            'products' => $listed,
        ];
    }

    /**
     * `Products Searched`'s object for the search's first page (never its AJAX answers: the search
     * box's suggestions, a facet or a page changed; never a later page loaded as a page: the search
     * was sent with its first, and a page past the last counts no product, which is no result of the
     * search), else null.
     *
     * @param array $variables The search variables (`result`, a ProductSearchResult; `pagination`)
     */
    public static function searched(array $variables, Context $context)
    {
        $controller = $context->controller;
        $query = trim((string) (Tools::getValue('s') ?: Tools::getValue('search_query')));
        if (!is_object($controller) || 'search' !== $controller->php_self || !empty($controller->ajax) || '' === $query || self::page($variables) > 1) {
            return null;
        }
        $fields = ['query' => function_exists('mb_substr') ? mb_substr($query, 0, 256, 'UTF-8') : substr($query, 0, 256)];
        $result = isset($variables['result']) ? $variables['result'] : null;
        if (is_object($result) && method_exists($result, 'getTotalProductsCount')) {
            $fields['results'] = max(0, (int) $result->getTotalProductsCount());
        }

        return $fields;
    }

    /** The page asked for (`?page=3`), or the one the pagination shows, whichever is later; 1 when neither says. */
    private static function page(array $variables)
    {
        $shown = isset($variables['pagination']['current_page']) ? (int) $variables['pagination']['current_page'] : 1;

        return max(1, (int) Tools::getValue('page'), $shown);
    }

    /** Stable per listing: `category-3`, `manufacturer-1`, `search`, `best-sales`. */
    private static function listId($controller)
    {
        $page = is_object($controller) && isset($controller->php_self) ? (string) $controller->php_self : '';
        if (isset(self::SINGLE_LISTS[$page])) {
            return self::SINGLE_LISTS[$page];
        }
        $ids = ['category' => 'id_category', 'manufacturer' => 'id_manufacturer', 'supplier' => 'id_supplier'];
        $id = isset($ids[$page]) ? (int) Tools::getValue($ids[$page]) : 0;

        return $id > 0 ? $page . '-' . $id : null;
    }

    /** A category's own name (the listing's label says "Category: Home"), else the label the listing shows. */
    private static function name($controller, array $variables)
    {
        if (is_object($controller) && 'category' === $controller->php_self && method_exists($controller, 'getCategory')) {
            $category = $controller->getCategory();
            if (is_object($category) && is_string($category->name) && '' !== $category->name) {
                return $category->name;
            }
        }

        return isset($variables['label']) ? (string) $variables['label'] : '';
    }

    /** A presented product (ProductListingLazyArray: array access) as the visitor sees it: `price_amount` is with tax where their group shows it. */
    private static function product($product, $position, $currency)
    {
        $fields = [
            'product_id' => (int) $product['id_product'],
            'position' => $position,
            'name' => (string) $product['name'],
            'price' => isset($product['price_amount']) ? (float) $product['price_amount'] : null,
            'currency' => $currency,
            'url' => isset($product['url']) ? (string) $product['url'] : null,
        ];

        return array_filter($fields, static function ($value) {
            return null !== $value && '' !== $value;
        });
    }
}
