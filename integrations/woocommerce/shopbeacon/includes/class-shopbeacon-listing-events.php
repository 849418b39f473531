<?php
defined( 'ABSPATH' ) || exit;

/**
 * What shoppers search and browse:
 *
 * - `Products Searched` for a product search, with WordPress's count of what it found: from the
 *   browser (`wp_head`), so a shopper who lands on the results from elsewhere, before any cookie of
 *   the snippet, counts; from the server when WooCommerce sends a search with one result straight
 *   to its product (`template_redirect`, before it redirects), where no page is left to send it.
 *   A visitor with no id yet (the search is their first page: the snippet has run nowhere) cannot
 *   be sent one from the server, which invents no id: the search goes in a short-lived cookie to
 *   the product page WooCommerce redirects to, whose snippet sends it (only with their consent,
 *   as every cookie of the plugin).
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

	/** Carries a one-result search of a visitor without an id to the product page it redirects to (its JSON in base64). */
	const SEARCH_COOKIE = 'shopbeacon_search';

	/** Seconds the search waits for that page: the redirect is followed at once. */
	const SEARCH_LIFETIME = 60;

	/** @var Shopbeacon_Tracker */
	private $tracker;

	/** @var bool Whether a block of this page already carries the listing. */
	private $in_block = false;

	/** @var int The listing elements this page holds: recommendations print their own (Shopbeacon_Recommendation_Lists). */
	private static $elements = 0;

	/** @var array|null The search of this page, for `wp_head`. */
	private $search = null;

	public function __construct( Shopbeacon_Tracker $tracker ) {
		$this->tracker = $tracker;
	}

	public function register() {
		add_action( 'template_redirect', array( $this, 'searched' ), 9 );
		add_action( 'wp_head', array( $this, 'print_search' ), 2 );
		add_filter( 'render_block_woocommerce/product-collection', array( $this, 'block_listing' ), 10, 2 );
		add_action( 'wp_footer', array( $this, 'print_footer' ) );
	}

	/** A product search as the shopper typed it, and how many products WordPress found; sent now if WooCommerce is about to redirect. */
	public function searched() {
		global $wp_query;
		$this->search = self::handed_over();
		$query        = Shopbeacon_Listing::is_product_search() ? trim( (string) get_search_query( false ) ) : '';
		if ( '' === $query ) {
			return;
		}
		$found        = max( 0, (int) $wp_query->found_posts );
		$this->search = self::search( $query, $found );
		// wc_template_redirect's own test: one result, and the filter that lets a shop keep the results page.
		if ( 1 === $found && apply_filters( 'woocommerce_redirect_single_search_result', true ) ) {
			if ( $this->tracker->awaits_ids() ) {
				wc_setcookie( self::SEARCH_COOKIE, base64_encode( wp_json_encode( $this->search ) ), time() + self::SEARCH_LIFETIME, is_ssl(), true );
			} else {
				$this->tracker->send( 'Products Searched', $this->search );
			}
			$this->search = null;
		}
	}

	/** `Products Searched`'s object: the query cut to the catalogue's 256 characters. */
	private static function search( $query, $found ) {
		return array(
			'query'   => function_exists( 'mb_substr' ) ? mb_substr( $query, 0, 256, 'UTF-8' ) : substr( $query, 0, 256 ),
			'results' => $found,
		);
	}

	/** The one-result search the page before handed to this one, if any; its cookie is spent. */
	private static function handed_over() {
		if ( ! isset( $_COOKIE[ self::SEARCH_COOKIE ] ) || ! is_string( $_COOKIE[ self::SEARCH_COOKIE ] ) ) {
			return null;
		}
		// Base64, which WordPress's slashing of cookies leaves as it is.
		$search = json_decode( (string) base64_decode( $_COOKIE[ self::SEARCH_COOKIE ], true ), true ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput,WordPress.PHP.DiscouragedPHPFunctions -- validated below.
		wc_setcookie( self::SEARCH_COOKIE, '', time() - HOUR_IN_SECONDS, is_ssl(), true );
		if ( ! is_array( $search ) || ! isset( $search['query'], $search['results'] ) || ! is_string( $search['query'] ) || ! is_int( $search['results'] ) ) {
			return null;
		}
		$query = trim( $search['query'] );
		return '' === $query ? null : self::search( $query, max( 0, $search['results'] ) );
	}

	/** The search, from the browser, after the snippet's stub. */
	public function print_search() {
		if ( null !== $this->search ) {
			echo '<script>' . Shopbeacon_Storefront::call( array( 'search', $this->search ) ) . "</script>\n"; // phpcs:ignore WordPress.Security.EscapeOutput -- JSON encoded for a script element.
		}
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
		return Shopbeacon_Recommendation_Lists::marked( substr_replace( $html, self::element( $listing ), $closing, 0 ), $listing );
	}

	/** The listing of a classic loop, and the script that sends each listing the page holds. */
	public function print_footer() {
		$listing = $this->in_block ? null : Shopbeacon_Listing::viewed();
		if ( null !== $listing ) {
			echo self::element( $listing ); // phpcs:ignore WordPress.Security.EscapeOutput -- JSON encoded for a script element.
		}
		if ( self::$elements > 0 ) {
			// Each element is remembered with the listing it last sent: the block's router changes the text of the same element from page to page (seen on a real 11.0.1), so neither a mark nor the node alone tells a page shown again.
			echo '<script>(function(){var d=new WeakMap();function s(){document.querySelectorAll("script.' . self::ELEMENT . '").forEach(function(e){var t=e.textContent;if(d.get(e)===t)return;d.set(e,t);try{shopbeacon("viewList",JSON.parse(t))}catch(x){}})}s();document.addEventListener("wc-blocks_product_list_rendered",s)})();</script>' . "\n"; // phpcs:ignore WordPress.WP.EnqueuedResources -- inline, with the snippet's own calls.
		}
	}

	/** A listing as the JSON element the footer's script finds. */
	public static function element( array $listing ) {
		++self::$elements;
		return '<script type="application/json" class="' . self::ELEMENT . '">' . Shopbeacon_Storefront::json( $listing ) . '</script>';
	}
}
