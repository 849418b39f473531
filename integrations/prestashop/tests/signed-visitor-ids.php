<?php
/**
 * The module's ShopbeaconSignedVisitorIds on the fixtures a parity test reads from stdin as JSON:
 * `derive` `[secret, claimed id]` pairs and `check` `[secret, id]` pairs. Prints `derived` (the id
 * derived from each claim) and `signed` (whether each id is signed) in their order.
 */
define('_PS_VERSION_', '8.2.0');
require __DIR__ . '/../shopbeacon/classes/ShopbeaconSignedVisitorIds.php';

$fixtures = json_decode(stream_get_contents(STDIN), true);
$derived = [];
foreach ($fixtures['derive'] as list($secret, $claimed)) {
    $derived[] = (new ShopbeaconSignedVisitorIds($secret))->derivedFrom($claimed);
}
$signed = [];
foreach ($fixtures['check'] as list($secret, $id)) {
    $signed[] = (new ShopbeaconSignedVisitorIds($secret))->isSigned($id);
}
echo json_encode(['derived' => $derived, 'signed' => $signed]);
