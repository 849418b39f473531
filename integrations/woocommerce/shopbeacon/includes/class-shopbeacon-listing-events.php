<?php
defined( 'ABSPATH' ) || exit;

/**
 * What shoppers search and browse:
 *
 * - `Products Searched` from the server for a product search (`template_redirect`, before
 *   WooCommerce's own redirect of a search with one result straight to its product, which would
 *   otherwise leave no page to send it from), with WordPress's count of what it found.
 * - `Product List Viewed` from the browser, for the listing the page shows. Its object is a JSON
 *   element: inside the Product Collection block that renders the listing, which the block's
 *   client-side pagination swaps in with the next page's products without a page load; else (a
 *   classic loop) in the footer. A short script in the footer hands each one to `viewList` once,
 *   at load and on `wc-blocks_product_list_rendered`, which the block fires after each page it
 *   swaps in (a page shown again, back and forth, is viewed again). A page merely prefetched (the block fetches page 2 on hover) is never counted.
 * - `Product Clicked` is the snippet's: the listing names each product's link.
 */
class Shopbeacon_Listing_Events {
	/** Marks the listing's object so the footer script finds it again after a client-side page change. */
	const ELEMENT = 'shopbeacon-list';

	/** @var Shopbeacon_Tracker */
	private $tracker;

	/** @var bool Whether a block of this page already carries the listing. */
	private $in_block = false;

	public function __construct( Shopbeacon_Tracker $tracker ) {
		$this->tracker = $tracker;
	}

	public function register() {
		add_action( 'template_redirect', array( $this, 'searched' ), 9 );
		add_filter( 'render_block_woocommerce/product-collection', array( $this, 'block_listing' ), 10, 2 );
		add_action( 'wp_footer', array( $this, 'print_footer' ) );
	}

	/** A product search as the shopper typed it, and how many products WordPress found. */
	public function searched() {
		global $wp_query;
		$query = Shopbeacon_Listing::is_product_search() ? trim( (string) get_search_query( false ) ) : '';
		if ( '' === $query ) {
			return;
		}
		$fields = array(
			'query'   => function_exists( 'mb_substr' ) ? mb_substr( $query, 0, 256, 'UTF-8' ) : substr( $query, 0, 256 ),
			'results' => max( 0, (int) $wp_query->found_posts ),
		);
		$this->tracker->send( 'Products Searched', $fields );
	}

	/**
	 * The listing's object inside the Product Collection block that shows the main query, before
	 * its closing tag, so it travels with the block's HTML when the next page replaces it.
	 *
	 * @param string $html  The block as rendered.
	 * @param array  $block The parsed block.
	 */
	public function block_listing( $html, $block ) {
		$inherits = ! empty( $block['attrs']['query']['inherit'] );
		$closing  = strrpos( $html, '</div>' );
		$listing  = $inherits && false !== $closing && ! $this->in_block ? Shopbeacon_Listing::viewed() : null;
		if ( null === $listing ) {
			return $html;
		}
		$this->in_block = true;
		return substr_replace( $html, self::element( $listing ), $closing, 0 );
	}

	/** The listing of a classic loop, and the script that sends each listing the page holds. */
	public function print_footer() {
		$listing = $this->in_block ? null : Shopbeacon_Listing::viewed();
		if ( null !== $listing ) {
			echo self::element( $listing ); // phpcs:ignore WordPress.Security.EscapeOutput -- JSON encoded for a script element.
		}
		if ( $this->in_block || null !== $listing ) {
			// Sent elements are remembered by node, not marked: the block's router keeps a page's markup as the script left it, and a mark would hide that page shown again.
			echo '<script>(function(){var d=new WeakSet();function s(){document.querySelectorAll("script.' . self::ELEMENT . '").forEach(function(e){if(d.has(e))return;d.add(e);try{shopbeacon("viewList",JSON.parse(e.textContent))}catch(x){}})}s();document.addEventListener("wc-blocks_product_list_rendered",s)})();</script>' . "\n"; // phpcs:ignore WordPress.WP.EnqueuedResources -- inline, with the snippet's own calls.
		}
	}

	/** JSON that cannot end the script element or open a comment in it. */
	private static function element( array $listing ) {
		$json = wp_json_encode( $listing, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES );
		return '<script type="application/json" class="' . self::ELEMENT . '">' . $json . '</script>';
	}
}
