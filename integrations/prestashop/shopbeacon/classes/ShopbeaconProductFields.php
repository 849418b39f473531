<?php
/**
 * shopbeacon for PrestaShop: the service's `Added To Cart` fields of a product.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * The service's `Added To Cart` fields of a PrestaShop product, as the shopper saw them, built as
 * the WooCommerce plugin's Shopbeacon_Product_Fields builds them. The id, name, link and type are
 * the base product's (the catalog the relay sends holds base products only; combinations are
 * variants); the price and image are the combination's when there is one. The price is with tax,
 * in the visitor's currency, as the relay's PrestaShop catalog sends it.
 */
class ShopbeaconProductFields
{
    /**
     * Whether the shopper may see the product: PrestaShop keeps a product it refuses to show (disabled,
     * not in this shop, hidden from the shopper's groups) loaded on its 404 and 403 pages, where
     * `displayHeader` still runs, and a quick view names any id: neither may print or send it.
     *
     * @param Product $product
     */
    public static function isShown($product, Context $context)
    {
        $customer = is_object($context->customer) ? (int) $context->customer->id : 0;

        // Not `visibility`: a product shown nowhere in the catalog still has its page, opened by its link.
        return (bool) $product->active && $product->isAssociatedToShop() && $product->checkAccess($customer);
    }

    /**
     * @param Product $product the base product, loaded in the visitor's language
     * @param int $idProductAttribute the combination, 0 for none, null for the product's default one
     * @param int $quantity how many
     * @param Context $context the request's context (currency, language, link)
     *
     * @return array
     */
    public static function of($product, $idProductAttribute, $quantity, $context)
    {
        $id = (int) $product->id;
        $idLang = (int) $context->language->id;
        $fields = [
            'product_id' => $id,
            'name' => self::text($product->name, $idLang),
            'product_type' => self::category((int) $product->id_category_default, $idLang),
            'price' => self::price($id, $idProductAttribute, $context),
            'currency' => isset($context->currency->iso_code) ? (string) $context->currency->iso_code : null,
            'quantity' => max(1, (int) $quantity),
            'url' => (string) $context->link->getProductLink($id),
            'image_url' => self::image($product, $idProductAttribute, $idLang, $context),
        ];

        return array_filter($fields, static function ($value) {
            return null !== $value && '' !== $value && false !== $value;
        });
    }

    /**
     * The combination a product page or quick view shows, null for the product's default one. The
     * page's own `product` (ProductController::initContent assigns it before `displayHeader`) has
     * the one PrestaShop chose from the URL, its attribute groups and stock; a quick view's
     * request names it.
     *
     * @return int|null
     */
    public static function combinationShown($context)
    {
        $shown = isset($context->smarty) && is_object($context->smarty) ? $context->smarty->getTemplateVars('product') : null;
        if ((is_array($shown) || $shown instanceof ArrayAccess) && isset($shown['id_product_attribute'])) {
            return (int) $shown['id_product_attribute'];
        }
        $requested = (int) Tools::getValue('id_product_attribute');

        return $requested > 0 ? $requested : null;
    }

    /** A multilingual field in the language (or the first), a plain one as it is. */
    private static function text($value, $idLang)
    {
        if (is_array($value)) {
            $value = isset($value[$idLang]) ? $value[$idLang] : reset($value);
        }

        return is_string($value) && '' !== trim($value) ? $value : null;
    }

    /** With tax, rounded as the shop rounds prices (the currency's precision). */
    private static function price($id, $idProductAttribute, $context)
    {
        $price = Product::getPriceStatic($id, true, $idProductAttribute === null || $idProductAttribute > 0 ? $idProductAttribute : 0);
        $precision = method_exists($context, 'getComputingPrecision') ? (int) $context->getComputingPrecision() : 2;

        return (float) Tools::ps_round((float) $price, $precision);
    }

    /** The default category's name, the nearest thing PrestaShop has to a product type. */
    private static function category($idCategory, $idLang)
    {
        if ($idCategory <= 0) {
            return null;
        }
        $category = new Category($idCategory, $idLang);

        return self::text($category->name, $idLang);
    }

    /** The combination's image, else the product's cover, as the public `large` size. */
    private static function image($product, $idProductAttribute, $idLang, $context)
    {
        $image = $idProductAttribute > 0 ? Product::getCombinationImageById((int) $idProductAttribute, $idLang) : false;
        if (!is_array($image) || empty($image['id_image'])) {
            $image = Product::getCover((int) $product->id);
        }
        if (!is_array($image) || empty($image['id_image'])) {
            return null;
        }
        $rewrite = self::text($product->link_rewrite, $idLang);

        return (string) $context->link->getImageLink($rewrite ?: 'product', (int) $product->id . '-' . (int) $image['id_image'], ImageType::getFormattedName('large'));
    }
}
