(* Answers neturl.* conformance calls (one JSON line in, one JSON line
   out) with Ocamlnet's Neturl, as ../shared/docs/conformance-calls.md
   (section "Neturl calls") specifies.

   Build: see build.sh beside this file. *)

open Neturl

exception Unsupported of string

let unsupported fmt = Printf.ksprintf (fun s -> raise (Unsupported s)) fmt

(* UTF-8 validity (strings that are not valid UTF-8 are answered as
   {"bytes": hex}). *)
let is_utf8 s =
  let n = String.length s in
  let byte i = Char.code s.[i] in
  let cont i = i < n && byte i land 0xC0 = 0x80 in
  let rec go i =
    if i >= n then true
    else
      let c = byte i in
      if c < 0x80 then go (i + 1)
      else if c >= 0xC2 && c <= 0xDF then cont (i + 1) && go (i + 2)
      else if c >= 0xE0 && c <= 0xEF then
        cont (i + 1) && cont (i + 2)
        && (let c1 = byte (i + 1) in
            (c <> 0xE0 || c1 >= 0xA0) && (c <> 0xED || c1 < 0xA0))
        && go (i + 3)
      else if c >= 0xF0 && c <= 0xF4 then
        cont (i + 1) && cont (i + 2) && cont (i + 3)
        && (let c1 = byte (i + 1) in
            (c <> 0xF0 || c1 >= 0x90) && (c <> 0xF4 || c1 < 0x90))
        && go (i + 4)
      else false
  in
  go 0

let hex s =
  String.concat "" (List.map (fun c -> Printf.sprintf "%02x" (Char.code c))
                      (List.init (String.length s) (String.get s)))

let jstr s : Yojson.Safe.t =
  if is_utf8 s then `String s else `Assoc [ "bytes", `String (hex s) ]

let jlist l : Yojson.Safe.t = `List (List.map jstr l)

(* ---- syntax names ---- *)

let syntax_of_name name =
  let name, partial =
    let p = "partial:" in
    let lp = String.length p in
    if String.length name >= lp && String.sub name 0 lp = p then
      (String.sub name lp (String.length name - lp), true)
    else (name, false)
  in
  let name, frag =
    let f = "+fragment" in
    let lf = String.length f and ln = String.length name in
    if ln >= lf && String.sub name (ln - lf) lf = f then
      (String.sub name 0 (ln - lf), true)
    else (name, false)
  in
  let syn =
    match name with
    | "null" -> null_url_syntax
    | "ip" -> ip_url_syntax
    | n -> (
        try Hashtbl.find common_url_syntax n
        with Not_found -> unsupported "unknown syntax name %S" n)
  in
  let syn = if partial then partial_url_syntax syn else syn in
  if frag then { syn with url_enable_fragment = Url_part_allowed } else syn

(* ---- argument access ---- *)

let args_of call =
  match Yojson.Safe.Util.member "args" call with
  | `Null -> []
  | `List l -> l
  | _ -> unsupported "args must be an array"

let kwargs_of call =
  match Yojson.Safe.Util.member "kwargs" call with
  | `Null -> []
  | `Assoc l -> l
  | _ -> unsupported "kwargs must be an object"

let to_string = function
  | `String s -> s
  | _ -> unsupported "expected a string"

let to_bool = function
  | `Bool b -> b
  | _ -> unsupported "expected a bool"

let to_int = function
  | `Int i -> i
  | _ -> unsupported "expected an integer"

let to_list = function
  | `List l -> List.map to_string l
  | _ -> unsupported "expected an array of strings"

let check_kwargs kw allowed =
  List.iter
    (fun (k, _) -> if not (List.mem k allowed) then unsupported "unknown kwarg %S" k)
    kw

let opt kw name conv = match List.assoc_opt name kw with
  | None | Some `Null -> None
  | Some v -> Some (conv v)

let one_arg args conv = match args with
  | [ a ] -> conv a
  | _ -> unsupported "expected one argument"

(* ---- answers ---- *)

let url_json u : Yojson.Safe.t =
  let f name g conv acc = try (name, conv (g u)) :: acc with Not_found -> acc in
  let l name g acc = match g u with [] -> acc | x -> (name, jlist x) :: acc in
  let fields =
    []
    |> f "scheme" url_scheme jstr
    |> f "user" (url_user ~encoded:true) jstr
    |> l "user_param" (url_user_param ~encoded:true)
    |> f "password" (url_password ~encoded:true) jstr
    |> f "host" url_host jstr
    |> f "port" url_port (fun p -> `Int p)
    |> l "path" (url_path ~encoded:true)
    |> l "param" (url_param ~encoded:true)
    |> f "query" (url_query ~encoded:true) jstr
    |> f "fragment" (url_fragment ~encoded:true) jstr
    |> f "other" (url_other ~encoded:true) jstr
  in
  `Assoc (List.rev (("string", jstr (string_of_url u)) :: fields))

let decoded_json u : Yojson.Safe.t =
  let f name g acc = try (name, jstr (g u)) :: acc with Not_found -> acc in
  let l name g acc = match g u with [] -> acc | x -> (name, jlist x) :: acc in
  let fields =
    []
    |> f "user" (url_user ~encoded:false)
    |> l "user_param" (url_user_param ~encoded:false)
    |> f "password" (url_password ~encoded:false)
    |> l "path" (url_path ~encoded:false)
    |> l "param" (url_param ~encoded:false)
    |> f "query" (url_query ~encoded:false)
    |> f "fragment" (url_fragment ~encoded:false)
    |> f "other" (url_other ~encoded:false)
  in
  `Assoc (List.rev fields)

let parse_kw = [ "accept_8bits"; "enable_fragment"; "base_syntax" ]

let parse_with kw s =
  let accept_8bits = opt kw "accept_8bits" to_bool in
  let enable_fragment = opt kw "enable_fragment" to_bool in
  let base_syntax = opt kw "base_syntax" (fun v -> syntax_of_name (to_string v)) in
  parse_url ?accept_8bits ?enable_fragment ?base_syntax s

let dispatch name args kw : Yojson.Safe.t =
  match name with
  | "parse_url" ->
      check_kwargs kw parse_kw;
      url_json (parse_with kw (one_arg args to_string))
  | "decoded" ->
      check_kwargs kw parse_kw;
      decoded_json (parse_with kw (one_arg args to_string))
  | "url_of_string" -> (
      check_kwargs kw [];
      match args with
      | [ syn; s ] ->
          let syn = syntax_of_name (to_string syn) in
          url_json (url_of_string syn (to_string s))
      | _ -> unsupported "expected two arguments")
  | "extract_url_scheme" ->
      check_kwargs kw [];
      jstr (extract_url_scheme (one_arg args to_string))
  | "split_path" ->
      check_kwargs kw [];
      jlist (split_path (one_arg args to_string))
  | "join_path" ->
      check_kwargs kw [];
      jstr (join_path (one_arg args to_list))
  | "norm_path" ->
      check_kwargs kw [];
      jlist (norm_path (one_arg args to_list))
  | "fixup_url_string" ->
      check_kwargs kw [ "escape_hash" ];
      let escape_hash = opt kw "escape_hash" to_bool in
      jstr (fixup_url_string ?escape_hash (one_arg args to_string))
  | "apply_relative_url" -> (
      check_kwargs kw [ "enable_fragment" ];
      let enable_fragment = opt kw "enable_fragment" to_bool in
      match args with
      | [ b; r ] ->
          let base = parse_url ?enable_fragment (to_string b) in
          let syn = partial_url_syntax (url_syntax_of_url base) in
          let syn =
            if enable_fragment = Some true then
              { syn with url_enable_fragment = Url_part_allowed }
            else syn
          in
          let rel = url_of_string syn (to_string r) in
          url_json (apply_relative_url base rel)
      | _ -> unsupported "expected two arguments")
  | "make_url" ->
      check_kwargs kw
        [ "encoded"; "scheme"; "user"; "user_param"; "password"; "host"; "port";
          "path"; "param"; "query"; "fragment"; "other" ];
      let syn = syntax_of_name (one_arg args to_string) in
      let s n = opt kw n to_string and sl n = opt kw n to_list in
      url_json
        (make_url ?encoded:(opt kw "encoded" to_bool) ?scheme:(s "scheme")
           ?user:(s "user") ?user_param:(sl "user_param")
           ?password:(s "password") ?host:(s "host")
           ?port:(opt kw "port" to_int) ?path:(sl "path") ?param:(sl "param")
           ?query:(s "query") ?fragment:(s "fragment") ?other:(s "other") syn)
  | "local_path_of_file_url" ->
      check_kwargs kw parse_kw;
      jstr (local_path_of_file_url (parse_with kw (one_arg args to_string)))
  | "file_url_of_local_path" ->
      check_kwargs kw [ "getcwd" ];
      let getcwd = opt kw "getcwd" (fun v -> let s = to_string v in fun () -> s) in
      let getcwd = match getcwd with Some g -> g | None -> (fun () -> "/") in
      url_json (file_url_of_local_path ~getcwd (one_arg args to_string))
  | "url_addr" ->
      check_kwargs kw parse_kw;
      jstr (Unix.string_of_inet_addr (url_addr (parse_with kw (one_arg args to_string))))
  | _ -> unsupported "unknown function neturl.%s" name

let answer line : Yojson.Safe.t =
  match Yojson.Safe.from_string line with
  | exception _ -> `Assoc [ "unsupported", `String "not valid JSON" ]
  | call -> (
      try
        let name = match Yojson.Safe.Util.member "fn" call with
          | `String s -> s
          | _ -> unsupported "a call needs \"fn\" as a string" in
        let p = "neturl." in
        let lp = String.length p in
        if String.length name < lp || String.sub name 0 lp <> p then
          unsupported "not a neturl call";
        let name = String.sub name lp (String.length name - lp) in
        `Assoc [ "ok", dispatch name (args_of call) (kwargs_of call) ]
      with
      | Unsupported why -> `Assoc [ "unsupported", `String why ]
      | Malformed_URL -> `Assoc [ "error", `String "Malformed_URL" ]
      | Not_found -> `Assoc [ "error", `String "Not_found" ]
      | Invalid_argument _ -> `Assoc [ "error", `String "Invalid_argument" ]
      | Failure _ -> `Assoc [ "error", `String "Failure" ]
      | Yojson.Safe.Util.Type_error _ -> `Assoc [ "unsupported", `String "a call must be a JSON object" ]
      | e -> `Assoc [ "error", `String (Printexc.to_string e) ])

let () =
  try
    while true do
      let line = input_line stdin in
      let line =
        let n = String.length line in
        if n > 0 && line.[n - 1] = '\r' then String.sub line 0 (n - 1) else line
      in
      if String.trim line <> "" then begin
        print_string (Yojson.Safe.to_string (answer line));
        print_char '\n'
      end
    done
  with End_of_file -> flush stdout
