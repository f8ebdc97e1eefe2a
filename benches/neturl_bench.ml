(* Times Ocamlnet's Neturl.parse_url and string_of_url in native code on the
   same URL lists as benches/benches/neturl.rs.
   Build: ocamlfind ocamlopt -package netstring,unix -linkpkg neturl_bench.ml -o neturl-bench
   Usage: neturl-bench [-reps N] CORPUS_DIR
   Prints one line per measurement: "func/corpus ns_per_item" (median of N
   passes over the whole list). *)

let read_lines path =
  let ic = open_in_bin path in
  let n = in_channel_length ic in
  let s = really_input_string ic n in
  close_in ic;
  List.filter (fun l -> l <> "") (String.split_on_char '\n' s)

let median l =
  let a = Array.of_list l in
  Array.sort compare a;
  let n = Array.length a in
  if n mod 2 = 1 then a.(n / 2) else (a.(n / 2 - 1) +. a.(n / 2)) /. 2.

let time_ns reps n f =
  median
    (List.init reps (fun _ ->
         let t0 = Unix.gettimeofday () in
         f ();
         (Unix.gettimeofday () -. t0) *. 1e9 /. float_of_int n))

let () =
  let reps = ref 5 and dir = ref "" in
  Arg.parse [ ("-reps", Arg.Set_int reps, "passes per measurement") ]
    (fun d -> dir := d) "neturl-bench [-reps N] CORPUS_DIR";
  List.iter
    (fun corpus ->
      let urls = Array.of_list (read_lines (Filename.concat !dir (corpus ^ ".txt"))) in
      let n = Array.length urls in
      let parse u = try Some (Neturl.parse_url u) with _ -> None in
      let sink = ref 0 in
      let t =
        time_ns !reps n (fun () ->
            Array.iter (fun u -> match parse u with Some _ -> incr sink | None -> ()) urls)
      in
      Printf.printf "neturl_parse/%s %.1f\n" corpus t;
      let parsed = Array.of_list (List.filter_map parse (Array.to_list urls)) in
      let m = Array.length parsed in
      let t =
        time_ns !reps m (fun () ->
            Array.iter (fun u -> sink := !sink + String.length (Neturl.string_of_url u)) parsed)
      in
      Printf.printf "neturl_print/%s %.1f\n" corpus t;
      Printf.eprintf "%s: %d URLs, %d parsed (%d)\n" corpus n m !sink)
    [ "kasztp"; "node_files" ]
