<?php
/**
 * A WooCommerce storefront page for `php -S` (the Playwright spec): WordPress stand-ins, the
 * plugin, the page's head as `wp_head` prints it. `?user=<id>` is a logged-in customer,
 * `?product=<id>` a product page; a POST with `add-to-cart=<id>` adds it to the cart as
 * WooCommerce's form handler does (`woocommerce_add_to_cart`). Settings come from the environment
 * (`SHOPBEACON_TEST_OPTIONS`, JSON), the cookies from the browser.
 */
require __DIR__ . '/wordpress-stubs.php';

$GLOBALS['sb_options'] = json_decode( (string) getenv( 'SHOPBEACON_TEST_OPTIONS' ), true ) ?: array();
$GLOBALS['sb_user_id'] = (int) ( $_GET['user'] ?? 0 );
$GLOBALS['sb_queried'] = (int) ( $_GET['product'] ?? 0 );

require __DIR__ . '/../shopbeacon/shopbeacon.php';
do_action( 'plugins_loaded' );

if ( 'POST' === $_SERVER['REQUEST_METHOD'] && isset( $_POST['add-to-cart'] ) ) {
	do_action( 'woocommerce_add_to_cart', md5( (string) microtime() ), (int) $_POST['add-to-cart'], (int) ( $_POST['quantity'] ?? 1 ), 0, array(), array() );
}
?>
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>WooCommerce stand-in</title>
<?php do_action( 'wp_head' ); ?>
</head>
<body>
<form method="post" action="/?product=42"><input type="hidden" name="add-to-cart" value="42"><input name="quantity" value="3"><button id="add">Add to cart</button></form>
</body>
</html>
<?php
do_action( 'shutdown' );
