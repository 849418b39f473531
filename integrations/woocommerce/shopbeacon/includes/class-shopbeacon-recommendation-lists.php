<?php
defined( 'ABSPATH' ) || exit;

/**
 * The lists a shop recommends from, as listings with their own `list_id`, so a click on one is a
 * `Product Clicked` of it and the add that follows names it (Shopbeacon_Attribution):
 *
 * - related products `related-<product>`, upsells `upsell-<product>` and the cart's cross-sells
 *   `cross-sell-cart`: the classic templates (`single-product/related.php`, `up-sells.php`,
 *   `cart/cross-sells.php`, whose products WooCommerce hands the template, in the order shown),
 *   and the Product Collection block's collections of the same names in a block theme;
 * - the `[products]` shortcode family, a Product Collection block with a query of its own and the
 *   older product grid blocks (Hand-picked Products, Best Sellers, …): `block-<id>`, the id made
 *   from the shortcode's or the block's own definition, so the same block is the same list on
 *   every visit and every page of it.
 *
 * Each is a JSON element beside the products (Shopbeacon_Listing_Events sends it); a block's
 * products are read from its items in the order rendered: a Product Collection's product template
 * items by WordPress's post class (`<li class="wc-block-product post-<id>">`), a grid block's by
 * their add-to-cart button's `data-product_id` (seen on a real 11.0.1: tests/fixtures).
 *
 * Each list's container carries its `data-sb-list`: a product listed twice on a page (an upsell
 * also among the related products) is then credited by the snippet to the block clicked.
 */
class Shopbeacon_Recommendation_Lists {
	/** The classic templates of recommendations: the argument holding their products, and the list. */
	const TEMPLATES = array(
		'single-product/related.php'  => array( 'related_products', 'related-', 'Related products' ),
		'single-product/up-sells.php' => array( 'upsells', 'upsell-', 'You may also like' ),
		'cart/cross-sells.php'        => array( 'cross_sells', 'cross-sell-cart', 'You may be interested in' ),
	);

	/** The Product Collection block's collections that are these lists. */
	const COLLECTIONS = array(
		'woocommerce/product-collection/related'     => array( 'related-', 'Related products' ),
		'woocommerce/product-collection/upsells'     => array( 'upsell-', 'You may also like' ),
		'woocommerce/product-collection/cross-sells' => array( 'cross-sell-cart', 'You may be interested in' ),
	);

	/** The older product grid blocks (AbstractProductGrid), each rendering its own products. */
	const GRID_BLOCKS = array(
		'woocommerce/handpicked-products',
		'woocommerce/product-best-sellers',
		'woocommerce/product-category',
		'woocommerce/product-new',
		'woocommerce/product-on-sale',
		'woocommerce/product-top-rated',
		'woocommerce/products-by-attribute',
		'woocommerce/product-tag',
	);

	/** @var array|null The listing of the shortcode being rendered, until its output is done. */
	private $shortcode = null;

	/** @var int[] The output buffer levels of the templates being rendered, so each end takes only its own. */
	private $templates = array();

	public function register() {
		add_action( 'woocommerce_before_template_part', array( $this, 'template_started' ), 10, 1 );
		add_action( 'woocommerce_after_template_part', array( $this, 'template_listed' ), 10, 4 );
		add_filter( 'woocommerce_shortcode_products_query_results', array( $this, 'shortcode_results' ), 10, 2 );
		add_filter( 'do_shortcode_tag', array( $this, 'shortcode_listed' ), 10, 2 );
		add_filter( 'render_block_woocommerce/product-collection', array( $this, 'block_listed' ), 10, 2 );
		add_filter( 'render_block', array( $this, 'grid_listed' ), 10, 2 );
	}

	/** `do_action( 'woocommerce_before_template_part', $template_name, … )`: a recommendations template's output is held to mark its container. */
	public function template_started( $template_name ) {
		if ( isset( self::TEMPLATES[ $template_name ] ) ) {
			ob_start();
			$this->templates[] = ob_get_level();
		}
	}

	/** `do_action( 'woocommerce_after_template_part', $template_name, $template_path, $located, $args )`. */
	public function template_listed( $template_name, $template_path = '', $located = '', $args = array() ) {
		if ( ! isset( self::TEMPLATES[ $template_name ] ) ) {
			return;
		}
		list( $argument, $kind, $name ) = self::TEMPLATES[ $template_name ];
		$products                       = isset( $args[ $argument ] ) && is_array( $args[ $argument ] ) ? array_values( $args[ $argument ] ) : array();
		$listing                        = self::listing( self::list_id( $kind ), $name, $products, 1 );
		// A template whose start another plugin's buffer came between is printed as it is.
		if ( ! empty( $this->templates ) && end( $this->templates ) === ob_get_level() ) {
			array_pop( $this->templates );
			echo self::marked( (string) ob_get_clean(), $listing ); // phpcs:ignore WordPress.Security.EscapeOutput -- the template's own output, one attribute added by WP_HTML_Tag_Processor.
		}
		if ( null !== $listing ) {
			echo Shopbeacon_Listing_Events::element( $listing ); // phpcs:ignore WordPress.Security.EscapeOutput -- JSON encoded for a script element.
		}
	}

	/**
	 * `apply_filters( 'woocommerce_shortcode_products_query_results', $results, $shortcode )`: the
	 * shortcode's products of this page, kept until its output is done.
	 */
	public function shortcode_results( $results, $shortcode = null ) {
		if ( is_object( $results ) && isset( $results->ids ) && is_object( $shortcode ) && method_exists( $shortcode, 'get_attributes' ) ) {
			$per_page        = max( 0, (int) ( $results->per_page ?? 0 ) );
			$first           = ( max( 1, (int) ( $results->current_page ?? 1 ) ) - 1 ) * $per_page + 1;
			$definition      = array( $shortcode->get_type(), $shortcode->get_attributes() );
			$this->shortcode = self::listing( self::block_id( $definition ), 'Products', array_map( 'wc_get_product', (array) $results->ids ), $first );
		}
		return $results;
	}

	/** `apply_filters( 'do_shortcode_tag', $output, $tag )`: the shortcode's listing after it. */
	public function shortcode_listed( $output, $tag = '' ) {
		if ( null === $this->shortcode || ! is_string( $output ) ) {
			return $output;
		}
		$listing         = $this->shortcode;
		$this->shortcode = null;
		return self::marked( $output, $listing ) . Shopbeacon_Listing_Events::element( $listing );
	}

	/**
	 * A Product Collection block with a query of its own (the main query's is Shopbeacon_Listing's):
	 * its listing before its closing tag, so it travels with the block's HTML when its next page
	 * replaces it.
	 *
	 * @param string $html  The block as rendered.
	 * @param array  $block The parsed block.
	 */
	public function block_listed( $html, $block ) {
		$attrs   = isset( $block['attrs'] ) && is_array( $block['attrs'] ) ? $block['attrs'] : array();
		$closing = is_string( $html ) ? strrpos( $html, '</div>' ) : false;
		if ( ! empty( $attrs['query']['inherit'] ) || false === $closing ) {
			return $html;
		}
		$query_id = isset( $attrs['queryId'] ) ? (int) $attrs['queryId'] : 0;
		$page     = isset( $_GET[ 'query-' . $query_id . '-page' ] ) ? max( 1, (int) $_GET[ 'query-' . $query_id . '-page' ] ) : 1; // phpcs:ignore WordPress.Security.NonceVerification -- the block's own page number, read as the block reads it.
		$per_page = isset( $attrs['query']['perPage'] ) ? max( 0, (int) $attrs['query']['perPage'] ) : 0;
		return self::inside( $html, $closing, self::listing( self::block_list_id( $attrs ), 'Products', self::rendered( $html ), ( $page - 1 ) * $per_page + 1 ) );
	}

	/**
	 * `apply_filters( 'render_block', $html, $block )`: an older product grid block's listing, before
	 * its closing tag.
	 */
	public function grid_listed( $html, $block = array() ) {
		$name    = isset( $block['blockName'] ) ? $block['blockName'] : '';
		$closing = is_string( $html ) && in_array( $name, self::GRID_BLOCKS, true ) ? strrpos( $html, '</div>' ) : false;
		if ( false === $closing ) {
			return $html;
		}
		$attrs = isset( $block['attrs'] ) && is_array( $block['attrs'] ) ? $block['attrs'] : array();
		return self::inside( $html, $closing, self::listing( self::block_id( array( $name, $attrs ) ), 'Products', self::rendered( $html ), 1 ) );
	}

	/** The block's HTML with the listing's element before its closing tag, when there is one. */
	private static function inside( $html, $closing, $listing ) {
		return null === $listing ? $html : self::marked( substr_replace( $html, Shopbeacon_Listing_Events::element( $listing ), $closing, 0 ), $listing );
	}

	/**
	 * The HTML with its first tag carrying the listing's `data-sb-list`, set (and escaped) by
	 * WordPress's tag processor; as it is without a listing, or before WordPress 6.2, which has none.
	 */
	public static function marked( $html, $listing ) {
		if ( null === $listing || ! class_exists( 'WP_HTML_Tag_Processor' ) ) {
			return $html;
		}
		$tags = new WP_HTML_Tag_Processor( $html );
		return $tags->next_tag() && $tags->set_attribute( 'data-sb-list', (string) $listing['list_id'] ) ? $tags->get_updated_html() : $html;
	}

	/** The block's list: a recommendation collection's own kind, else `block-<id>` of its query. */
	private static function block_list_id( array $attrs ) {
		$collection = isset( $attrs['collection'] ) && is_string( $attrs['collection'] ) ? $attrs['collection'] : '';
		if ( isset( self::COLLECTIONS[ $collection ] ) ) {
			$reference = isset( $attrs['query']['productReference'] ) ? (int) $attrs['query']['productReference'] : 0;
			return self::list_id( self::COLLECTIONS[ $collection ][0], $reference );
		}
		return self::block_id( array( $collection, $attrs['query'] ?? array() ) );
	}

	/** A block's products in the order rendered: its product template's items, or its grid's. */
	private static function rendered( $html ) {
		$ids = array();
		foreach ( array_slice( preg_split( '/<li\b/', $html ), 1 ) as $item ) {
			$tag = (string) strstr( $item, '>', true );
			if ( preg_match( '/\bclass="[^"]*\bwc-block-product\b[^"]*\bpost-(\d+)\b/', $tag, $post ) ) {
				$ids[] = (int) $post[1];
			} elseif ( preg_match( '/\bclass="[^"]*\bwc-block-grid__product\b/', $tag ) && preg_match( '/\bdata-product_id="(\d+)"/', $item, $button ) ) {
				$ids[] = (int) $button[1];
			}
		}
		return array_map( 'wc_get_product', $ids );
	}

	/** `related-<product>` of the product shown, or a list without a product (`cross-sell-cart`) as it is. */
	private static function list_id( $kind, $product_id = 0 ) {
		if ( '-' !== substr( $kind, -1 ) ) {
			return $kind;
		}
		global $product;
		if ( ! $product_id ) {
			$product_id = $product instanceof WC_Product ? $product->get_id() : get_queried_object_id();
		}
		return $product_id ? $kind . (int) $product_id : null;
	}

	/** `block-<id>`: twelve hex digits of the block's or shortcode's definition. */
	private static function block_id( $definition ) {
		return 'block-' . substr( md5( (string) wp_json_encode( $definition ) ), 0, 12 );
	}

	/** The listing of these products from position `$first`, or null when there is none. */
	private static function listing( $list_id, $name, array $products, $first ) {
		$listed = array();
		foreach ( array_slice( array_values( array_filter( $products ) ), 0, Shopbeacon_Listing::MAX_PRODUCTS ) as $index => $product ) {
			$listed[] = Shopbeacon_Listing::listed( $product, $first + $index );
		}
		return null === $list_id || empty( $listed ) ? null : array(
			'list_id'   => $list_id,
			'list_name' => $name,
			'products'  => $listed,
		);
	}
}
