<?php
/**
 * The plugin's Shopbeacon_Signed_Visitor_Ids on the fixtures a parity test reads from stdin as JSON:
 * `derive` `[secret, claimed id]` pairs and `check` `[secret, id]` pairs. Prints `derived` (the id
 * derived from each claim) and `signed` (whether each id is signed) in their order.
 */
define( 'ABSPATH', __DIR__ . '/' );
require __DIR__ . '/../shopbeacon/includes/class-shopbeacon-signed-visitor-ids.php';

$fixtures = json_decode( stream_get_contents( STDIN ), true );
$derived  = array();
foreach ( $fixtures['derive'] as list( $secret, $claimed ) ) {
	$derived[] = ( new Shopbeacon_Signed_Visitor_Ids( $secret ) )->derived_from( $claimed );
}
$signed = array();
foreach ( $fixtures['check'] as list( $secret, $id ) ) {
	$signed[] = ( new Shopbeacon_Signed_Visitor_Ids( $secret ) )->is_signed( $id );
}
echo json_encode( array( 'derived' => $derived, 'signed' => $signed ) );
