package app.lumiskin;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
