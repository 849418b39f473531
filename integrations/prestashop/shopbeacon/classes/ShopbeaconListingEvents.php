<?php
/**
 * shopbeacon for PrestaShop: what shoppers search and browse, from the browser.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * The listing is known only once the page's head is out (`displayHeader` runs before the
 * controller searches), so its calls go at the end of the body (`displayBeforeBodyClosingTag`,
 * after the theme's scripts in classic and hummingbird). A facet, a sort or a page changed in
 * place is an AJAX answer with no page: the listing rides in that answer's JSON
 * (`shopbeacon_list`), and the theme's `updateProductList` event hands it to `viewList`.
 */
class ShopbeaconListingEvents
{
    /** @var array|null */
    private $listing;

    /** @var array|null */
    private $search;

    /**
     * `filterProductSearch`: the listing of this request, also put in its AJAX answer.
     *
     * @param array $variables The search variables, by reference
     */
    public function listed(array &$variables, Context $context)
    {
        $this->listing = ShopbeaconListing::viewed($variables, $context);
        $this->search = ShopbeaconListing::searched($variables, $context);
        if (null !== $this->listing) {
            $variables['shopbeacon_list'] = $this->listing;
        }
    }

    /** The page's search and listing calls, and the listener for the listings swapped in without a page load. */
    public function bodyEnd()
    {
        if (null === $this->listing && null === $this->search) {
            return '';
        }
        $calls = '';
        foreach ([['search', $this->search], ['viewList', $this->listing]] as $call) {
            if (null !== $call[1]) {
                $calls .= ShopbeaconStorefront::call($call);
            }
        }

        return '<script>' . $calls
            . '(function(){function on(){var p=window.prestashop;p&&p.on&&p.on("updateProductList",function(d){d&&d.shopbeacon_list&&shopbeacon("viewList",d.shopbeacon_list)})}'
            . 'window.prestashop&&window.prestashop.on?on():document.addEventListener("DOMContentLoaded",on)})();'
            . "</script>\n";
    }
}
